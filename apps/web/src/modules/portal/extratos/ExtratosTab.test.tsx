import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerContracts, ledgerMessages, portalFinanceContracts, type Statement } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { asPhone, PORTAL_CSTID, portalFinance, portalSession } from '../shared/testing';
import ExtratosTab from './ExtratosTab';

const statement = (fecId: number): Statement =>
  ({
    fecId,
    periodo: '2026-11',
    aberto: true,
    saldoAnterior: 1000,
    saldoFinal: 3500,
    entries: [
      {
        extId: 7,
        extDate: '2026-11-03T13:00:00.000Z',
        extDescricao: 'Mensalidade associativa',
        extResponsavel: 'Maria Portal',
        svcId: 1,
        svcName: 'Associação',
        extValor: 2500,
        extTipo: 'lancamento',
        extEstornoParent: null,
        extEstornoChild: null,
        extCreatedBy: '',
        extCreated: '2026-11-03T13:00:00.000Z',
        saldo: 3500,
      },
    ],
  }) as unknown as Statement;

function setup(finance = portalFinance()) {
  const api = mockApi([
    mockContract(portalFinanceContracts.summary, { body: finance }, { params: { cstId: PORTAL_CSTID } }),
    mockContract(ledgerContracts.statement, (req) => ({ body: statement(Number(req.path.split('/').pop())) })),
    mockContract(ledgerContracts.email, { body: { message: ledgerMessages.emailSent } }),
  ]);
  const view = renderWithProviders(<ExtratosTab />, { session: portalSession(), notifications: true });
  return { api, ...view };
}

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('Portal → Extratos', { timeout: 30_000 }, () => {
  it("lists the member's own periods, the period's entries, the PDF links of the member's own calls, with no axe violation", async () => {
    const { container } = setup();
    const table = await screen.findByRole('table', { name: 'Lançamentos do extrato Em aberto' });
    expect(within(table).getByText('Mensalidade associativa')).toBeInTheDocument();
    expect(within(table).getByText('R$ 25,00')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Abrir PDF: extrato Em aberto' });
    expect(open).toHaveAttribute('href', `/api/v1/user/extratopdf/${PORTAL_CSTID}/12`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Baixar PDF: extrato Em aberto' })).toHaveAttribute('download', 'extrato-12.pdf');
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });

  it('switches to a closed period and e-mails it', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Período', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '10/2026' }));
    expect(await screen.findByRole('table', { name: 'Lançamentos do extrato 10/2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail: extrato 10/2026' }));
    expect(await screen.findByText(ledgerMessages.emailSent)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `user/emailextrato/${PORTAL_CSTID}/11`)).toBe(true);
  });

  it('refuses the e-mail for situation 5 (deceased), with the reason', async () => {
    setup(portalFinance({ custAssocSituacao: 5 }));
    await screen.findByRole('table');
    const email = screen.getByRole('button', { name: 'Enviar por e-mail: extrato Em aberto' });
    expect(email).toBeDisabled();
    expect(email).toHaveAttribute('title', ledgerMessages.emailDeceased);
  });

  it('folds the entries into cards on a phone', async () => {
    restore = asPhone();
    const { container } = setup();
    const list = await screen.findByRole('list', { name: 'Lançamentos do extrato Em aberto' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });
});
