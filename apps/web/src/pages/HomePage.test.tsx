import { cchContracts } from '@assoc/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
import { sessionFor } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import { RolesProvider } from '../modules/ui/components/RoleGate';
import { cchRow } from '../modules/cch/test/fixtures';
import HomePage from './HomePage';

describe("'/' of a CCH-only user (spec 1 §2)", { timeout: 30_000 }, () => {
  it('is the CCH list', async () => {
    const api = mockApi([mockContract(cchContracts.list, { body: { items: [cchRow()], total: 1, page: 1, pageSize: 50 } })]);
    renderWithProviders(
      <RolesProvider roles={['v2menucch']}>
        <HomePage />
      </RolesProvider>,
      { session: sessionFor(['v2menucch']) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'CCH' })).toBeInTheDocument();
    expect(await screen.findByText('Maria da Silva')).toBeInTheDocument();
    expect(api.callsTo(cchContracts.list)[0]!.path).toMatch(/^cch\/2\//);
  });
});
