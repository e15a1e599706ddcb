import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { chargeMessages, emptyMember, formatDate, isoDateInAppZone, type ChargeItem, type MemberInput, chargeContracts } from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import ChargesTab from './ChargesTab';
import { runAxe, seriousViolations } from '../../../test/axe';

const EDITOR = ['v2cobrancaview', 'v2cobrancanew'];

const paid: ChargeItem = {
  cobId: 1,
  cobVencimento: '2024-01-10',
  cobRetorno: '2024-01-12',
  cobValor: 15000,
  bnkId: 2,
  bnkName: 'Banco do Brasil',
  cdrCodRet: 0,
  cdrDescription: 'Pago',
  operation: 'none',
};
const rejected: ChargeItem = { ...paid, cobId: 2, cobVencimento: '2024-02-10', cdrCodRet: 1, cdrDescription: 'Não debitado - saldo insuficiente' };
const openBoleto: ChargeItem = {
  ...paid,
  cobId: 3,
  cobVencimento: '2030-03-10',
  cobRetorno: null,
  cdrCodRet: null,
  cdrDescription: null,
  bnkId: 11,
  bnkName: 'Boleto Bancário',
  cobNossoNumero: '14741660000000003',
  cobLinhaDigitavel: '00190.00009 01474.166004 00000.003178 1 10160000015000',
};

function member(cobrancas: ChargeItem[]): MemberInput {
  return {
    ...emptyMember(),
    cstId: 101,
    custName: 'Maria da Silva',
    bankAccount: { bnkId: 2, bnkaccBranch: '0001', bnkaccBranchDigit: '9', bnkaccAccount: '00000006', bnkaccAccountDigit: '1' },
    cobrancas,
    version: 3,
  } as MemberInput;
}

function Harness({ initial, roles, mode = 'edit' }: { initial: MemberInput; roles: string[]; mode?: MemberMode }) {
  return <MemberTabHarness tab={ChargesTab} member={initial} roles={roles} mode={mode} cstId={101} />;
}

function setup(charges: ChargeItem[], { roles = EDITOR, debt = 15000, routes = [] }: { roles?: string[]; debt?: number; routes?: MockRoute[] } = {}) {
  const api = mockApi([mockContract(chargeContracts.debt, { body: { cstId: 101, divida: debt } }, { params: { cstId: 101 } }), ...routes]);
  const view = renderWithProviders(<Harness initial={member(charges)} roles={roles} />, { notifications: true, modals: true });
  return { api, ...view };
}
const values = () => formValues<{ cobrancas: ChargeItem[] }>().cobrancas;
const rowOf = (text: string) => screen.getByRole('cell', { name: text }).closest('tr')!;

// happy-dom has no document.fonts, which Mantine's autosize textarea (the linha digitável) listens to.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

describe('Cobranças tab', { timeout: 30_000 }, () => {
  it('lists the charges with their colour and the Resultado text; boleto icons only on the open bank-11 charge', async () => {
    setup([openBoleto, rejected, paid]);
    expect(await screen.findByText('Débito em aberto: R$ 150,00')).toBeInTheDocument();
    expect(rowOf('10/03/2030')).toHaveAttribute('data-state', 'open');
    expect(within(rowOf('10/03/2030')).getByText('Aguardando retorno')).toBeInTheDocument();
    expect(rowOf('10/02/2024')).toHaveAttribute('data-state', 'rejected');
    expect(within(rowOf('10/02/2024')).getByText('Rejeitada')).toBeInTheDocument();
    expect(rowOf('10/01/2024')).toHaveAttribute('data-state', 'plain');
    expect(within(rowOf('10/01/2024')).getByText('Pago (0)')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Imprimir boleto/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Enviar boleto/ })).toHaveLength(1);
    // A charge waits for its return: Nova cobrança is disabled.
    expect(screen.getByRole('button', { name: 'Nova cobrança' })).toBeDisabled();
  });

  it('Nova cobrança is disabled without debt', async () => {
    const { api } = setup([paid], { debt: 0 });
    await waitFor(() => expect(api.callsTo(chargeContracts.debt, { cstId: 101 })).toHaveLength(1));
    await screen.findByText('Débito em aberto: R$ 0,00');
    expect(screen.getByRole('button', { name: 'Nova cobrança' })).toBeDisabled();
  });

  it('"Adicionar nova cobrança" opens with the defaults and adds a row marked insert at the top', async () => {
    const { user } = setup([paid]);
    const button = screen.getByRole('button', { name: 'Nova cobrança' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar nova cobrança' });
    const [y, m, d] = isoDateInAppZone().split('-').map(Number) as [number, number, number];
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    expect(within(dialog).getByLabelText(/^Vencimento/)).toHaveValue(formatDate(tomorrow));
    expect(within(dialog).getByLabelText(/^Valor/)).toHaveValue('R$ 150,00');
    expect(within(dialog).getByLabelText(/^Lançamentos/)).toHaveValue('1');
    expect(within(dialog).getByLabelText('Local', { selector: 'input' })).toHaveValue('Local cadastrado (Banco do Brasil)');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar nova cobrança' })).not.toBeInTheDocument());
    const [first, second] = values();
    expect(first).toMatchObject({ operation: 'insert', cobValor: 15000, cobVencimento: tomorrow, local: 0, lancamentos: 1, bnkId: 2 });
    expect(second).toMatchObject({ cobId: 1 });
    // The new one has no return: no second one until the save.
    expect(screen.getByRole('button', { name: 'Nova cobrança' })).toBeDisabled();
  });

  it('e-mails the boleto after "Tem certeza?" / "Enviar boleto bancário por e-mail?"; a failure says "Erro para enviar e-mail"', async () => {
    const { user, api } = setup([openBoleto], {
      routes: [mockContract(chargeContracts.emailBoleto, { body: { message: chargeMessages.boletoSent } }, { params: { cobId: 3 } })],
    });
    await user.click(screen.getByRole('button', { name: /^Enviar boleto/ }));
    const confirm = await screen.findByRole('dialog', { name: chargeMessages.boletoConfirmTitle });
    expect(within(confirm).getByText(chargeMessages.boletoConfirmText)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(chargeMessages.boletoSent)).toBeInTheDocument();
    expect(api.callsTo(chargeContracts.emailBoleto, { cobId: 3 })).toHaveLength(1);
  });

  it('shows the e-mail failure message on a non-200', async () => {
    const { user } = setup([openBoleto], {
      routes: [mockContract(chargeContracts.emailBoleto, { status: 400, body: { message: 'x' } }, { params: { cobId: 3 } })],
    });
    await user.click(screen.getByRole('button', { name: /^Enviar boleto/ }));
    await user.click(within(await screen.findByRole('dialog', { name: chargeMessages.boletoConfirmTitle })).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(chargeMessages.boletoEmailFailed)).toBeInTheDocument();
  });

  it('"Cobrança - Detalhes" shows a charge read only', async () => {
    const { user } = setup([openBoleto]);
    await user.click(screen.getByRole('button', { name: /^Detalhes da/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança - Detalhes' });
    expect(within(dialog).getByLabelText('Linha digitável')).toHaveValue(openBoleto.cobLinhaDigitavel);
    expect(within(dialog).getByLabelText('Nosso número')).toHaveAttribute('readonly');
  });

  it('"Cobrança - Detalhes" shows the whole linha digitável: a read-only box of its own that wraps, not a cut one-line input (issue 22 #19)', async () => {
    const { user } = setup([openBoleto]);
    await user.click(screen.getByRole('button', { name: /^Detalhes da/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cobrança - Detalhes' });
    const linha = within(dialog).getByLabelText('Linha digitável');
    expect(linha.tagName).toBe('TEXTAREA');
    expect(linha).toHaveValue('00190.00009 01474.166004 00000.003178 1 10160000015000');
    expect(linha).toHaveAttribute('readonly');
    // Not squeezed into two thirds of a row beside the nosso número.
    expect(within(dialog).getByLabelText('Nosso número').closest('.mantine-SimpleGrid-root')!.contains(linha)).toBe(false);
  });

  it('view only: the table without Nova cobrança', async () => {
    setup([paid], { roles: ['v2cobrancaview'] });
    expect(screen.queryByRole('button', { name: 'Nova cobrança' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Cobranças' })).toBeInTheDocument();
  });

  it('audit mode: a note says the version lists only the charges its save created; the empty table says none was created', async () => {
    const api = mockApi([mockContract(chargeContracts.debt, { body: { cstId: 101, divida: 15000 } }, { params: { cstId: 101 } })]);
    renderWithProviders(<Harness initial={member([])} roles={EDITOR} mode="audit" />);
    const note = screen.getByText('Nesta versão aparecem só as cobranças criadas por esta alteração.');
    const table = screen.getByRole('table', { name: 'Cobranças' });
    expect(table).toHaveAccessibleDescription(note.textContent!);
    expect(within(table).getByText('Nenhuma cobrança criada nesta alteração.')).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma cobrança')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nova cobrança' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Débito em aberto/)).not.toBeInTheDocument();
    expect(api.callsTo(chargeContracts.debt, { cstId: 101 })).toHaveLength(0);
  });

  it('audit mode with a charge the save created: the note above it and the row, without the empty text', async () => {
    mockApi([]);
    renderWithProviders(<Harness initial={member([{ ...openBoleto, operation: 'none' }])} roles={EDITOR} mode="audit" />);
    expect(screen.getByText('Nesta versão aparecem só as cobranças criadas por esta alteração.')).toBeInTheDocument();
    expect(rowOf('10/03/2030')).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma cobrança criada nesta alteração.')).not.toBeInTheDocument();
  });

  it('outside audit mode: no note, and an empty table says "Nenhuma cobrança"', async () => {
    setup([]);
    expect(await screen.findByText('Débito em aberto: R$ 150,00')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma cobrança')).toBeInTheDocument();
    expect(screen.queryByText('Nesta versão aparecem só as cobranças criadas por esta alteração.')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Cobranças' })).not.toHaveAttribute('aria-describedby');
  });

  it('audit mode has no critical or serious axe violation (WCAG 2.1 A/AA)', async () => {
    mockApi([]);
    const { container } = renderWithProviders(<Harness initial={member([])} roles={EDITOR} mode="audit" />);
    const results = await runAxe(container);
    expect(results.passes.length).toBeGreaterThan(0);
    expect(seriousViolations(results)).toEqual([]);
  });
});
