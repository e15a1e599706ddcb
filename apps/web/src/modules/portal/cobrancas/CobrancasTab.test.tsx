import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { portalFinanceContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { asPhone, PORTAL_CSTID, portalFinance, portalSession } from '../shared/testing';
import CobrancasTab from './CobrancasTab';

function setup(finance = portalFinance()) {
  mockApi([mockContract(portalFinanceContracts.summary, { body: finance }, { params: { cstId: PORTAL_CSTID } })]);
  return renderWithProviders(<CobrancasTab />, { session: portalSession(), notifications: true });
}

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('Portal → Cobranças', { timeout: 30_000 }, () => {
  it('lists the charges read-only; only the open bank-11 charge has its boleto and linha digitável with a copy button', async () => {
    const { container } = setup();
    const table = await screen.findByRole('table', { name: 'Cobranças' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('R$ 246,74')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Aguardando retorno')).toBeInTheDocument();
    const boleto = within(rows[0]!).getByRole('link', { name: 'Abrir boleto de vencimento 10/03/2030' });
    expect(boleto).toHaveAttribute('href', '/api/v1/user/boleto/31');
    expect(boleto).toHaveAttribute('target', '_blank');
    expect(within(rows[0]!).getByText('00190.00009 01474.166004 00000.003178 1 10160000024674')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Copiar linha digitável' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pago (0)')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    // Read-only: nothing to add or cancel.
    expect(screen.queryByRole('button', { name: /nova cobrança|cancelar/i })).toBeNull();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });

  it('opens the health declaration of a closed period', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Declaração de saúde (PDF)' });
    expect(link).toHaveAttribute('href', `/api/v1/user/decsaude/${PORTAL_CSTID}/11`);
  });

  it('folds into cards on a phone, with no axe violation', async () => {
    restore = asPhone();
    const { container } = setup();
    const list = await screen.findByRole('list', { name: 'Cobranças' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });
});
