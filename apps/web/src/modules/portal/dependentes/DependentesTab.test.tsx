import { portalContracts, portalMessages, type PortalRecord } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { portalRecord } from '../test/fixtures';
import DependentesTab from './DependentesTab';

function setup(record: PortalRecord = portalRecord()) {
  mockApi([mockContract(portalContracts.get, { body: record }, { params: { cstId: 42 } })]);
  return renderWithProviders(<DependentesTab />, { session: sessionFor(['v2portal'], { cstId: 42 }) });
}

/** A phone's width for useMediaQuery. */
function phone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
afterEach(() => vi.restoreAllMocks());

describe('portal Dependentes', { timeout: 30_000 }, () => {
  it('lists the dependents view only: name, kinship, birth date, CPF and situation; no add, edit or delete', async () => {
    const { container } = setup();
    const table = await screen.findByRole('table', { name: 'Dependentes' });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [],
      ['Pedro Filho Teste', 'Filho(a)', '30/09/2008', '529.982.247-25', 'Ativo'],
      ['Carlos Cônjuge Teste', 'Cônjuge', '05/01/1972', '', 'Ativo'],
    ]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });

  it('folds into cards on a phone', async () => {
    phone();
    const { container } = setup();
    const list = await screen.findByRole('list', { name: 'Dependentes' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Pedro Filho Teste')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('529.982.247-25')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });

  it('says so when there is no dependent', async () => {
    setup(portalRecord({ dependentes: [] }));
    expect(await screen.findByText(portalMessages.noDependents)).toBeInTheDocument();
  });
});
