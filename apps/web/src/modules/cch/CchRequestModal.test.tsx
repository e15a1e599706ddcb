import { cchContracts, cchMessages, formatDate, type CchRecord } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RolesProvider } from '../ui/components/RoleGate';
import { CchRequestModal } from './CchRequestModal';
import { balanceOf, cchRow, today } from './test/fixtures';

const roles = ['v2menucch', 'v2cchbeneficioedit'];
const bank = {
  cchBancoCliente: 'Maria da Silva',
  cchBancoCPF: '52998224725',
  cchBancoNumero: '001',
  cchBancoAgencia: '1234',
  cchBancoConta: '98765',
  cchBancoContaDigito: '0',
};

function setup(record: CchRecord | null, routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(cchContracts.plans, { body: [{ label: 'Unimed', value: 21 }] }),
    mockContract(cchContracts.balance, { body: balanceOf() }),
    mockContract(cchContracts.bank, { body: bank }),
    mockContract(cchContracts.tuss, { body: { error: false, msg: '', tuss: { tussCodigo: '10101012', tussTerminologia: 'Consulta' } } }),
    ...routes,
  ]);
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <RolesProvider roles={roles}>
      <CchRequestModal cstId={10} record={record} onClose={() => undefined} onSaved={onSaved} />
    </RolesProvider>,
    { session: sessionFor(roles), modals: true, notifications: true },
  );
  return { api, onSaved, ...view };
}

const dialog = () => screen.findByRole('dialog', { name: /CCH/ });
const combo = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

describe('CCH request modal', { timeout: 30_000 }, () => {
  it('new: benefit 4 forces TUSS 31000100, benefit 5 31000200, leaving them clears it; benefit 3 needs no plan', async () => {
    const { user } = setup(null);
    await dialog();
    const tuss = screen.getByRole('textbox', { name: /^TUSS/ });
    await user.click(combo('Benefício'));
    await user.click(await screen.findByRole('option', { name: 'Benefício 4 (E)' }));
    expect(tuss).toHaveValue('31000100');
    expect(tuss).toHaveAttribute('readonly');
    await user.click(combo('Benefício'));
    await user.click(await screen.findByRole('option', { name: 'Benefício 5 (D)' }));
    expect(tuss).toHaveValue('31000200');
    await user.click(combo('Benefício'));
    await user.click(await screen.findByRole('option', { name: 'Benefício 1' }));
    expect(tuss).toHaveValue('');
    expect(tuss).not.toHaveAttribute('readonly');
    expect(combo('Plano de saúde')).toBeInTheDocument();
    await user.click(combo('Benefício'));
    await user.click(await screen.findByRole('option', { name: 'Benefício 3' }));
    expect(screen.queryByRole('combobox', { name: /^Plano de saúde/ })).not.toBeInTheDocument();
    // A new request starts PENDENTE or EM ANÁLISE only.
    await user.click(combo('Situação'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['PENDENTE', 'EM ANÁLISE']);
  });

  it('shows the balances and refuses a requested value above the benefit balance as it is typed', async () => {
    const { user } = setup(null);
    await dialog();
    const balances = await screen.findByTestId('cch-balances');
    expect(within(balances).getByRole('row', { name: /Benefício 1/ })).toHaveTextContent('R$ 1.000,00');
    expect(within(balances).getByRole('row', { name: /Fisioterapia/ })).toHaveTextContent('R$ 500,00 · 10 sessões');
    await user.click(combo('Benefício'));
    await user.click(await screen.findByRole('option', { name: 'Benefício 1' }));
    await user.type(screen.getByRole('textbox', { name: /^Data do procedimento/ }), formatDate(today));
    await user.type(screen.getByRole('textbox', { name: /^Valor total/ }), '5000');
    const requested = screen.getByRole('textbox', { name: /^Valor solicitado/ });
    await user.type(requested, '1500');
    await user.tab();
    expect(await screen.findByText(cchMessages.exceedsBalance)).toBeInTheDocument();
    await user.clear(requested);
    await user.type(requested, '900');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(cchMessages.exceedsBalance)).not.toBeInTheDocument());
  });

  it('TUSS: the lookup on blur shows the term, or the server message on the field', async () => {
    const { user } = setup(null, [
      mockContract(cchContracts.tuss, { body: { error: true, msg: cchMessages.tussInvalid, tuss: null } }, { params: { code: '10101013' } }),
    ]);
    await dialog();
    const tuss = screen.getByRole('textbox', { name: /^TUSS/ });
    await user.type(tuss, '10101012');
    await user.tab();
    expect(await screen.findByText('Consulta')).toBeInTheDocument();
    await user.clear(tuss);
    await user.type(tuss, '10101013');
    await user.tab();
    expect(await screen.findByText(cchMessages.tussInvalid)).toBeInTheDocument();
  });

  it('a failed upload shows the spec text, not the server message', async () => {
    const { user } = setup(null, [mockContract(cchContracts.upload, { status: 500, body: { message: 'erro interno' } })]);
    await dialog();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(cchMessages.uploadFailed)).toBeInTheDocument();
    expect(screen.queryByText('erro interno')).not.toBeInTheDocument();
  });

  it('new: Ok waits for the scan; with it, POST cch carries the request and the scan key', async () => {
    const { user, api, onSaved } = setup(null, [
      mockContract(cchContracts.upload, { body: { status: 'ok', key: 'upload-77' } }),
      mockContract(cchContracts.create, (request) => ({ body: { ...cchRow(), ...(request.body as object), cchId: 900, version: 1 } })),
    ]);
    await dialog();
    await user.click(combo('Benefício'));
    await user.click(await screen.findByRole('option', { name: 'Benefício 1' }));
    await user.click(combo('Plano de saúde'));
    await user.click(await screen.findByRole('option', { name: 'Unimed' }));
    await user.type(screen.getByRole('textbox', { name: /^Data do procedimento/ }), formatDate(today));
    await user.type(screen.getByRole('textbox', { name: /^Valor total/ }), '500');
    await user.type(screen.getByRole('textbox', { name: /^Valor solicitado/ }), '300');
    await user.type(screen.getByRole('textbox', { name: /^TUSS/ }), '10101012');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ok' })).toBeDisabled();
    expect(screen.getByText(cchMessages.scanRequired)).toBeInTheDocument();

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Documento enviado')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ok' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo(cchContracts.create)[0]!.body).toMatchObject({
      cstId: 10,
      cchBeneficio: 1,
      cchPlanoSaude: 21,
      cchStatus: 2,
      cchDataProcedimento: today,
      cchValorTotal: 50000,
      cchValorSolicitado: 30000,
      cchTUSS: '10101012',
      cchQuantidade: 1,
      cchScanKey: 'upload-77',
    });
  });

  it("PENDENTE offers 'Adicionar páginas', which shows the upload; EM ANÁLISE does not", async () => {
    const first = setup(cchRow({ cchStatus: 1, cchObs: 'Falta a nota fiscal' }));
    await dialog();
    expect(screen.queryByLabelText('Documento digitalizado')).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('switch', { name: 'Adicionar páginas' }));
    expect(await screen.findByLabelText('Documento digitalizado')).toBeInTheDocument();
    first.unmount();
    setup(cchRow({ cchStatus: 2 }));
    await dialog();
    expect(screen.queryByRole('switch', { name: 'Adicionar páginas' })).not.toBeInTheDocument();
  });

  it('EM ANÁLISE offers the transitions of the table', async () => {
    const { user } = setup(cchRow({ cchStatus: 2 }));
    await dialog();
    await user.click(combo('Situação'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['EM ANÁLISE', 'PENDENTE', 'DEFERIDO', 'INDEFERIDO']);
  });

  it('DEFERIDO → PAGO fills the payment panel from GET cch/banco and the requested value', async () => {
    const { user, api } = setup(cchRow({ cchStatus: 3 }));
    await dialog();
    expect(screen.queryByRole('textbox', { name: /^Nome do cliente/ })).not.toBeInTheDocument();
    await user.click(combo('Situação'));
    await user.click(await screen.findByRole('option', { name: 'PAGO' }));
    await waitFor(() => expect(api.callsTo(cchContracts.bank, { cstId: 10 })).toHaveLength(1));
    expect(await screen.findByRole('textbox', { name: /^Nome do cliente/ })).toHaveValue('Maria da Silva');
    expect(screen.getByRole('textbox', { name: /^Agência/ })).toHaveValue('1234');
    expect(screen.getByRole('textbox', { name: /^Valor pago/ })).toHaveValue('R$ 1.234,56');
  });

  it('INDEFERIDO: deliberation shown, status locked; CANCELADO: payment shown, observations disabled', async () => {
    const first = setup(cchRow({ cchStatus: 4, cchDeliberacao: 'Fora da cobertura' }));
    await dialog();
    expect(screen.getByRole('textbox', { name: /^Deliberação/ })).toHaveValue('Fora da cobertura');
    expect(combo('Situação')).toBeDisabled();
    first.unmount();

    const { user } = setup(cchRow({ cchStatus: 6, cchValorPago: 123456, cchDataPagamento: today, ...bank, cchObs: 'pago e cancelado' }));
    await dialog();
    expect(screen.getByRole('textbox', { name: /^Nome do cliente/ })).toHaveValue('Maria da Silva');
    expect(combo('Situação')).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Observações' }));
    expect(await screen.findByRole('textbox', { name: /^Observações/ })).toBeDisabled();
  });

  it('a save refused with 409 shows the server message', async () => {
    const { user, api } = setup(cchRow({ cchStatus: 2 }), [
      mockContract(cchContracts.update, { status: 409, body: { message: 'Registro alterado por outro usuário' } }),
    ]);
    await dialog();
    await user.click(screen.getByRole('tab', { name: 'Observações' }));
    await user.type(await screen.findByRole('textbox', { name: /^Observações/ }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Registro alterado por outro usuário')).toBeInTheDocument();
    const put = api.callsTo(cchContracts.update, { cchId: 501 })[0]!;
    expect(put.body).toMatchObject({ version: 3, cchObs: 'ok', cchStatus: 2 });
  });

  it('has no critical or serious axe violation, new and in PAGO (WCAG 2.1 A/AA)', async () => {
    const first = setup(null);
    await dialog();
    await screen.findByTestId('cch-balances');
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
    first.unmount();
    setup(cchRow({ cchStatus: 5, cchValorPago: 123456, cchDataPagamento: today, ...bank }));
    await dialog();
    await screen.findByTestId('cch-balances');
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
