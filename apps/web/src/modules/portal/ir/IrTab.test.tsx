import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { incomeTaxContracts, incomeTaxMessages, portalFinanceContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PORTAL_CSTID, portalFinance, portalSession } from '../shared/testing';
import IrTab from './IrTab';

function setup(finance = portalFinance()) {
  const api = mockApi([
    mockContract(portalFinanceContracts.summary, { body: finance }, { params: { cstId: PORTAL_CSTID } }),
    mockContract(incomeTaxContracts.email, { body: { message: incomeTaxMessages.sent } }),
  ]);
  const view = renderWithProviders(<IrTab />, { session: portalSession(), notifications: true });
  return { api, ...view };
}

describe('Portal → I.R.', { timeout: 30_000 }, () => {
  it("offers the member's own base years, the PDF in the browser's viewer, download and e-mail, with no axe violation", async () => {
    const user = userEvent.setup();
    const { api, container } = setup();
    const open = await screen.findByRole('link', { name: 'Abrir PDF: informe de rendimentos 2025' });
    expect(open).toHaveAttribute('href', `/api/v1/user/irpdf/${PORTAL_CSTID}/2025`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Baixar PDF: informe de rendimentos 2025' })).toHaveAttribute('download', 'informe-rendimentos-2025.pdf');
    expect(seriousViolations(await runAxe(container))).toEqual([]);
    await user.click(screen.getByLabelText('Ano-base', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '2024' }));
    await user.click(screen.getByRole('button', { name: 'Enviar por e-mail: informe de rendimentos 2024' }));
    expect(await screen.findByText(incomeTaxMessages.sent)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `user/emailir/${PORTAL_CSTID}/2024`)).toBe(true);
  });

  it("without 'I.R. por e-mail' the e-mail is refused with the reason", async () => {
    setup(portalFinance({ custIRPorEmail: false }));
    const email = await screen.findByRole('button', { name: 'Enviar por e-mail: informe de rendimentos 2025' });
    expect(email).toBeDisabled();
    expect(screen.getByText(incomeTaxMessages.emailNotAllowed)).toBeInTheDocument();
  });

  it('says when there is no base year', async () => {
    setup(portalFinance({ irDatas: [] }));
    expect(await screen.findByText('Nenhum informe de rendimentos disponível.')).toBeInTheDocument();
  });
});
