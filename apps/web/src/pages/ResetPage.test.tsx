import { authContracts, passwordResetContracts } from '@assoc/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
import { renderApp } from '../test/renderApp';

const CODE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const notSignedIn = [mockContract(authContracts.session, { status: 401, body: { message: 'Sessão expirada, faça um novo login para continuar' } })];
const STRONG = 'Girassol#Azul-2031';

async function openReset(code = CODE) {
  const app = renderApp(`/reset?q=${code}`);
  await screen.findByRole('button', { name: 'ALTERAR SENHA' });
  return app;
}

async function fill(user: ReturnType<typeof renderApp>['user'], cpf: string, password: string, confirm: string) {
  if (cpf) await user.type(screen.getByLabelText(/^CPF/), cpf);
  if (password) await user.type(screen.getByLabelText(/^Nova senha/), password);
  if (confirm) await user.type(screen.getByLabelText(/^Confirme a nova senha/), confirm);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/reset (spec 3 §2.18, §5, §8)', () => {
  it.each([['/reset'], ['/reset?q=curto'], [`/reset?q=${CODE}x`]])('%s without a 32-character code goes to /', async (path) => {
    mockApi(notSignedIn);
    const { router } = renderApp(path);
    // '/' without a session ends at the sign-in page.
    await screen.findByRole('button', { name: 'ENTRAR' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('checks CPF length, required password and confirmation, and equality', async () => {
    const api = mockApi(notSignedIn);
    const { user } = await openReset();
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));
    expect(screen.getByText('Digite nova senha')).toBeInTheDocument();
    expect(screen.getByText('Confirme sua senha')).toBeInTheDocument();
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();

    await fill(user, '1114447', STRONG, 'Outra#Coisa-99');
    expect(screen.getByText('Tamanho de 11 caracteres')).toBeInTheDocument();
    expect(screen.getByText('Senhas não conferem')).toBeInTheDocument();
    expect(api.callsTo(passwordResetContracts.changePassword)).toHaveLength(0);
  });

  it('shows the strength as the user types: muito curta, fraca, bom… and refuses a weak password', async () => {
    const api = mockApi(notSignedIn);
    const { user } = await openReset();
    const password = screen.getByLabelText(/^Nova senha/);

    await user.type(password, 'abc');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('muito curta');
    await user.clear(password);
    await user.type(password, 'senha123');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('fraca');
    await user.clear(password);
    await user.type(password, STRONG);
    expect(screen.getByTestId('password-strength')).toHaveTextContent(/^(muito bom|excelente)$/);

    await user.clear(password);
    await fill(user, '11144477735', 'senha123', 'senha123');
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));
    expect(screen.getByText(/^Senha fraca: escolha uma senha mais forte/)).toBeInTheDocument();
    expect(api.callsTo(passwordResetContracts.changePassword)).toHaveLength(0);
  });

  it('refuses a password shorter than 8 characters with the pt-BR message (ASVS 6.2.1)', async () => {
    const api = mockApi(notSignedIn);
    const { user } = await openReset();
    await fill(user, '11144477735', 'Xq#9vZ!', 'Xq#9vZ!');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('muito curta');
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));
    expect(screen.getByText('A senha deve ter pelo menos 8 caracteres.')).toBeInTheDocument();
    // The hint under the fields says the same minimum.
    expect(screen.getByText(/^Use pelo menos 8 caracteres;/)).toBeInTheDocument();
    expect(api.callsTo(passwordResetContracts.changePassword)).toHaveLength(0);
  });

  it('sends code, CPF and password; on success shows the message and returns to /login after 5 s', async () => {
    const api = mockApi([
      ...notSignedIn,
      mockContract(passwordResetContracts.changePassword, { body: { status: 200, message: 'Senha alterada com sucesso!' } }),
    ]);
    const { user, router } = await openReset();
    await fill(user, '111.444.777-35', STRONG, STRONG);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));

    expect(await screen.findByText('Senha alterada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo(passwordResetContracts.changePassword)[0]?.body).toEqual({ code: CODE, cpf: '11144477735', password: STRONG });
    await act(async () => {
      vi.advanceTimersByTime(4900);
    });
    expect(router.state.location.pathname).toBe('/reset');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a 400 shows the server message and the form starts over', async () => {
    mockApi([
      ...notSignedIn,
      mockContract(passwordResetContracts.changePassword, { status: 400, body: { message: 'Este link já foi utilizado. Solicite uma nova senha.' } }),
    ]);
    const { user } = await openReset();
    await fill(user, '11144477735', STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link já foi utilizado. Solicite uma nova senha.');
    expect(screen.getByLabelText(/^Nova senha/)).toHaveValue('');
    expect(screen.getByLabelText(/^Confirme a nova senha/)).toHaveValue('');
  });

  it('an expired code returns to /', async () => {
    mockApi([
      ...notSignedIn,
      mockContract(passwordResetContracts.changePassword, {
        status: 410,
        body: { message: 'Este link expirou. Solicite uma nova senha.', expired: true },
      }),
    ]);
    const { user, router } = await openReset();
    await fill(user, '11144477735', STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));
    await screen.findByRole('button', { name: 'ENTRAR' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Este link expirou. Solicite uma nova senha.')).toBeInTheDocument();
  });

  it("other failures say 'Erro para alterar senha'", async () => {
    mockApi([...notSignedIn, mockContract(passwordResetContracts.changePassword, { status: 500, body: { message: 'Ocorreu um erro' } })]);
    const { user } = await openReset();
    await fill(user, '11144477735', STRONG, STRONG);
    await user.click(screen.getByRole('button', { name: 'ALTERAR SENHA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro para alterar senha');
  });
});
