import { authContracts, menuContracts, searchContracts, dashboardContracts, passwordResetContracts } from '@assoc/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

const sessionExpired = { status: 401, body: { message: 'Sessão expirada, faça um novo login para continuar' } } as const;
const notSignedIn = [mockContract(authContracts.session, sessionExpired)];

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('button', { name: 'ENTRAR' });
  return app;
}

describe('sign-in screen', () => {
  it('requires CPF and password and checks the CPF length before calling the server', async () => {
    const api = mockApi(notSignedIn);
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'ENTRAR' }));
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2);

    await user.type(screen.getByLabelText(/^CPF/), '12345');
    expect(screen.getByText('Tamanho mínimo de 11 caracteres')).toBeInTheDocument();
    expect(api.callsTo(authContracts.login)).toHaveLength(0);
  });

  it('sends the CPF digits only and shows the server message on refusal', async () => {
    const api = mockApi([...notSignedIn, mockContract(authContracts.login, { status: 401, body: { message: 'CPF ou senha inválidos' } })]);
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/^CPF/), '111.444.777-35');
    expect(screen.getByLabelText(/^CPF/)).toHaveValue('111.444.777-35');
    await user.type(screen.getByLabelText(/^Senha/), 'errada');
    await user.click(screen.getByRole('button', { name: 'ENTRAR' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('CPF ou senha inválidos');
    expect(api.callsTo(authContracts.login)[0]?.body).toEqual({ username: '11144477735', password: 'errada', code: '', subscriberId: '' });
    // A refused sign-in is an answer, not a lost session.
    expect(screen.queryByText('Sessão expirada, faça um novo login para continuar')).not.toBeInTheDocument();
  });

  it('says the server is not answering when the call cannot reach it', async () => {
    mockApi(notSignedIn);
    const fetchMock = vi.mocked(fetch);
    const { user } = await openLogin();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await user.type(screen.getByLabelText(/^CPF/), '11144477735');
    await user.type(screen.getByLabelText(/^Senha/), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'ENTRAR' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Servidor não está respondendo, por favor contate o administrador');
  });

  it("shows the access code field only after the server answers 'requirecode', then sends the code", async () => {
    let signedIn = false;
    const api = mockApi([
      mockContract(authContracts.session, () => (signedIn ? { body: sessionFor(staffRoles) } : sessionExpired)),
      mockContract(authContracts.login, ({ body }) => {
        if (!(body as { code: string }).code) return { body: { status: 200, data: 'requirecode' } };
        signedIn = true;
        return { body: { status: 200, data: 'coded.jwt.string' } };
      }),
      mockContract(menuContracts.tree, { body: [] }),
      mockContract(searchContracts.history, { body: [] }),
      mockContract(dashboardContracts.birthdays, { body: [] }),
    ]);
    const { user, router } = await openLogin();
    expect(screen.queryByLabelText('Código de acesso')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^CPF/), '11144477735');
    await user.type(screen.getByLabelText(/^Senha/), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'ENTRAR' }));

    const code = await screen.findByLabelText('Código de acesso');
    expect(code).toHaveAttribute('maxlength', '6');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'ENTRAR' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo(authContracts.login).map((c) => (c.body as { code: string }).code)).toEqual(['', '123456']);
    expect(await screen.findByRole('heading', { name: 'Painel' })).toBeInTheDocument();
  });

  it('sends an unauthenticated visitor to /login and back to the page first asked for', async () => {
    let signedIn = false;
    mockApi([
      mockContract(authContracts.session, () => (signedIn ? { body: sessionFor([...staffRoles, 'v2menufinanceiro']) } : sessionExpired)),
      mockContract(authContracts.login, () => {
        signedIn = true;
        return { body: { status: 200, data: 'coded.jwt.string' } };
      }),
      mockContract(menuContracts.tree, { body: [] }),
    ]);
    const { user, router } = renderApp('/feriados');

    await screen.findByRole('button', { name: 'ENTRAR' });
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText(/^CPF/), '11144477735');
    await user.type(screen.getByLabelText(/^Senha/), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'ENTRAR' }));

    expect(await screen.findByRole('heading', { name: 'Feriados' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/feriados');
  });

  it('password-request mode asks only the CPF, calls GET login/resetpassword/{cpf} and then reads SOLICITADO', async () => {
    const api = mockApi([
      ...notSignedIn,
      mockContract(
        passwordResetContracts.requestReset,
        {
          body: { status: 200, message: 'Sua solicitação foi enviada no e-mail cadastrado, por favor siga as instruções' },
        },
        { params: { user: '11144477735' } },
      ),
    ]);
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Primeiro acesso / Esqueci minha senha' }));
    expect(screen.queryByLabelText(/^Senha/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SOLICITAR SENHA' }));
    expect(screen.getByText('Campo obrigatório')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^CPF/), '111.444.777-35');
    await user.click(screen.getByRole('button', { name: 'SOLICITAR SENHA' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Sua solicitação foi enviada no e-mail cadastrado, por favor siga as instruções');
    const requested = screen.getByRole('button', { name: 'SOLICITADO' });
    expect(requested).toBeDisabled();
    expect(api.callsTo(passwordResetContracts.requestReset, { user: '11144477735' })).toHaveLength(1);
    expect(api.callsTo(authContracts.login)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    expect(screen.getByLabelText(/^Senha/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ENTRAR' })).toBeInTheDocument();
  });

  it('returns to login mode five seconds after a successful password request (spec 1 §4, §9)', async () => {
    // Fake timers that still follow the clock, so the user events and the mocked calls run as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi([
        ...notSignedIn,
        mockContract(
          passwordResetContracts.requestReset,
          {
            body: { status: 200, message: 'Sua solicitação foi enviada no e-mail cadastrado, por favor siga as instruções' },
          },
          { params: { user: '11144477735' } },
        ),
      ]);
      const { user } = await openLogin();
      await user.click(screen.getByRole('button', { name: 'Primeiro acesso / Esqueci minha senha' }));
      await user.type(screen.getByLabelText(/^CPF/), '11144477735');
      await user.click(screen.getByRole('button', { name: 'SOLICITAR SENHA' }));
      expect(await screen.findByRole('button', { name: 'SOLICITADO' })).toBeDisabled();

      await act(async () => {
        vi.advanceTimersByTime(4_000);
      });
      expect(screen.getByRole('button', { name: 'SOLICITADO' })).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Senha/)).not.toBeInTheDocument();

      await act(async () => {
        vi.advanceTimersByTime(1_100);
      });
      expect(screen.getByRole('button', { name: 'ENTRAR' })).toBeEnabled();
      expect(screen.getByLabelText(/^Senha/)).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Sua solicitação foi enviada no e-mail cadastrado');
    } finally {
      vi.useRealTimers();
    }
  });

  it('password-request mode shows the server message when the request is refused (rate limit)', async () => {
    mockApi([
      ...notSignedIn,
      mockContract(
        passwordResetContracts.requestReset,
        {
          status: 429,
          body: { message: 'Muitas solicitações de senha. Aguarde 15 minutos e tente novamente.' },
        },
        { params: { user: '11144477735' } },
      ),
    ]);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Primeiro acesso / Esqueci minha senha' }));
    await user.type(screen.getByLabelText(/^CPF/), '11144477735');
    await user.click(screen.getByRole('button', { name: 'SOLICITAR SENHA' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas solicitações de senha. Aguarde 15 minutos e tente novamente.');
    expect(screen.getByRole('button', { name: 'SOLICITAR SENHA' })).toBeEnabled();
    expect(screen.queryByText('Sessão expirada, faça um novo login para continuar')).not.toBeInTheDocument();
  });
});
