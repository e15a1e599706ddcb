import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { creditMessages, genericMessages, creditContracts, chargeContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../test/api-mock';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CreditModal } from './CreditModal';

const ME = '52998224725';
const OTHER = '11144477735';

function open(onClose = vi.fn()) {
  const view = renderWithProviders(<CreditModal cstId={101} cpf={ME} onClose={onClose} />, {
    session: sessionFor(['v2access', 'v2cobrancanew'], { cpf: ME }),
    modals: true,
    notifications: true,
  });
  return { ...view, onClose };
}

async function fill(user: ReturnType<typeof open>['user'], values: { ref?: string; valor?: string; cpf2?: string } = {}) {
  await user.type(screen.getByLabelText(/Referência/), values.ref ?? 'Acerto de junho');
  await user.type(screen.getByLabelText(/^Valor/), values.valor ?? '150,25');
  await user.type(screen.getByLabelText(/Senha 1/), 'senha-1');
  await user.type(screen.getByLabelText(/Usuário 2/), values.cpf2 ?? OTHER);
  await user.type(screen.getByLabelText(/Senha 2/), 'senha-2');
}

describe('CreditModal (Adicionar crédito)', () => {
  it('pre-fills the first user with the signed-in CPF, disabled', () => {
    open();
    expect(screen.getByRole('dialog', { name: creditMessages.title })).toBeInTheDocument();
    const first = screen.getByLabelText(/Usuário 1/);
    expect(first).toHaveValue('529.982.247-25');
    expect(first).toBeDisabled();
  });

  it('refuses the same user twice and an amount over R$ 50.000,00', async () => {
    const { user } = open();
    const api = mockApi([]);
    await fill(user, { cpf2: ME, valor: '50000,01' });
    await user.tab();
    expect(await screen.findByText(creditMessages.differentUsers)).toBeInTheDocument();
    expect(screen.getByText(genericMessages.numericMax)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(screen.queryByText(creditMessages.confirmTitle)).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('starts with the amount empty and refuses it with the required-field message: Ok stays disabled, nothing is sent', async () => {
    const { user } = open();
    const api = mockApi([]);
    const amount = screen.getByLabelText(/^Valor/);
    expect(amount).toHaveValue('');
    await user.type(screen.getByLabelText(/Referência/), 'Acerto de junho');
    await user.type(screen.getByLabelText(/Senha 1/), 'senha-1');
    await user.type(screen.getByLabelText(/Usuário 2/), OTHER);
    await user.type(screen.getByLabelText(/Senha 2/), 'senha-2');
    await user.click(amount);
    await user.tab();
    expect(await screen.findByText(genericMessages.required)).toBeInTheDocument();
    expect(screen.getAllByText(genericMessages.required)).toHaveLength(1);
    const ok = screen.getByRole('button', { name: 'Ok' });
    expect(ok).toBeDisabled();
    await user.click(ok);
    expect(screen.queryByText(creditMessages.confirmTitle)).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('asks "Deseja emitir crédito?", sends the credit once, shows the success and refreshes the debt', async () => {
    const api = mockApi([
      mockContract(creditContracts.issue, { body: { message: creditMessages.success, extId: 9, created: true } }, { params: { cstId: 101 } }),
      mockContract(chargeContracts.debt, { body: { cstId: 101, divida: 0 } }, { params: { cstId: 101 } }),
    ]);
    const { user, onClose, queryClient } = open();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(creditMessages.confirmTitle)).toBeInTheDocument();
    expect(screen.getByText(creditMessages.confirmWarning)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo(creditContracts.issue, { cstId: 101 });
    expect(call!.body).toMatchObject({
      creditoRef: 'Acerto de junho',
      creditoValor: 15025,
      creditoUsername1: ME,
      creditoUsername2: OTHER,
      creditoPassword1: 'senha-1',
      creditoPassword2: 'senha-2',
    });
    expect((call!.body as { creditoKey: string }).creditoKey).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(await screen.findByText(creditMessages.success)).toBeInTheDocument();
    expect(JSON.stringify(invalidate.mock.calls[0])).toContain('cobranca/divida');
  });

  it("shows a 404's message, and the spec's generic text for any other failure", async () => {
    let status = 404;
    mockApi([
      mockContract(creditContracts.issue, () => ({ status, body: { message: creditMessages.invalidCredentials } }), { params: { cstId: 101 } }),
    ]);
    const { user, onClose } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(creditMessages.invalidCredentials)).toBeInTheDocument();
    status = 500;
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(creditMessages.failed)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a 409's message (the dialog's key already used by another credit)", async () => {
    mockApi([mockContract(creditContracts.issue, () => ({ status: 409, body: { message: creditMessages.keyReused } }), { params: { cstId: 101 } })]);
    const { user, onClose } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(creditMessages.keyReused)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
