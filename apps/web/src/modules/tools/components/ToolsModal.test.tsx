import { authContracts, menuContracts, searchContracts, dashboardContracts, toolsContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useDisclosure } from '@mantine/hooks';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sampleTree, sessionFor, staffRoles } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { UserMenu } from '../../../app/layout/UserMenu';
import { ToolsModal } from './ToolsModal';

const QR = 'data:image/png;base64,iVBORw0KGgo=';

/** The user menu and the tools modal, wired as the top bar wires them. */
function UserMenuWithTools() {
  const [toolsOpened, tools] = useDisclosure(false);
  return (
    <>
      <UserMenu onOpenTools={tools.open} />
      <ToolsModal opened={toolsOpened} onClose={tools.close} />
    </>
  );
}

function setup(routes: MockRoute[] = []) {
  const session = sessionFor(staffRoles);
  const api = mockApi([
    mockContract(authContracts.session, { body: session }),
    mockContract(menuContracts.tree, { body: sampleTree }),
    mockContract(searchContracts.history, { body: [] }),
    mockContract(dashboardContracts.birthdays, { body: [] }),
    ...routes,
  ]);
  return { api, ...renderWithProviders(<UserMenuWithTools />, { session }) };
}

async function openTools(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'AS Ana Superadmin Menu do usuário' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Ferramentas' }));
  return screen.findByRole('dialog', { name: 'Ferramentas' });
}

describe('Ferramentas → Acesso externo', () => {
  it('Gerar Código shows the QR image with the two store links; a confirmed code activates it', async () => {
    const { user, api } = setup([
      mockContract(toolsContracts.getToken, { body: { imageurl: QR, hasAuthenticator: false } }),
      mockContract(toolsContracts.confirmToken, ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { status: 200, message: 'Código de acesso ativado. Ele será pedido ao entrar fora da rede da associação.' } }
          : { status: 400, body: { message: 'Código inválido. Confira o código mostrado no aplicativo e tente novamente.' } },
      ),
    ]);
    const tools = await openTools(user);
    expect(within(tools).getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', expect.stringContaining('play.google.com'));
    expect(within(tools).getByRole('link', { name: /App Store/ })).toHaveAttribute('href', expect.stringContaining('apps.apple.com'));

    await user.click(within(tools).getByRole('button', { name: 'Gerar Código' }));
    expect(await within(tools).findByRole('img', { name: 'QR code para o aplicativo autenticador' })).toHaveAttribute('src', QR);

    expect(within(tools).queryByLabelText('Código atual do autenticador')).not.toBeInTheDocument();
    const code = within(tools).getByLabelText('Código do aplicativo');
    await user.type(within(tools).getByLabelText('Senha atual'), 'Senha@Atual1');
    await user.type(code, '12');
    await user.click(within(tools).getByRole('button', { name: 'Confirmar' }));
    expect(within(tools).getByText('Informe os 6 dígitos do aplicativo')).toBeInTheDocument();
    expect(api.callsTo(toolsContracts.confirmToken)).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(tools).getByRole('button', { name: 'Confirmar' }));
    expect(await within(tools).findByText('Código inválido. Confira o código mostrado no aplicativo e tente novamente.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(tools).getByRole('button', { name: 'Confirmar' }));
    expect(await within(tools).findByRole('status')).toHaveTextContent('Código de acesso ativado');
    expect(api.callsTo(toolsContracts.confirmToken).at(-1)?.headers['X-XSRF-TOKEN']).toBe('xsrf-from-session');
    expect(api.callsTo(toolsContracts.confirmToken).at(-1)?.body).toEqual({ code: '123456', password: 'Senha@Atual1' });

    await user.click(within(tools).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ferramentas' })).not.toBeInTheDocument());
  });

  it('replacing an authenticator asks for the current password and the current code (issue 8 §6)', async () => {
    const { user, api } = setup([
      mockContract(toolsContracts.getToken, { body: { imageurl: QR, hasAuthenticator: true } }),
      mockContract(toolsContracts.confirmToken, ({ body }) =>
        (body as { password: string }).password === 'Senha@Atual1'
          ? { body: { status: 200, message: 'Código de acesso ativado. Ele será pedido ao entrar fora da rede da associação.' } }
          : { status: 403, body: { message: 'Senha atual incorreta.' } },
      ),
    ]);
    const tools = await openTools(user);
    await user.click(within(tools).getByRole('button', { name: 'Gerar Código' }));
    const password = await within(tools).findByLabelText('Senha atual');
    const current = within(tools).getByLabelText(/^Código atual do autenticador/);
    const code = within(tools).getByLabelText('Código do novo autenticador');

    await user.type(code, '123456');
    await user.click(within(tools).getByRole('button', { name: 'Confirmar' }));
    expect(within(tools).getByText('Informe sua senha atual.')).toBeInTheDocument();
    expect(within(tools).getByText('Informe o código atual do autenticador.')).toBeInTheDocument();
    expect(api.callsTo(toolsContracts.confirmToken)).toHaveLength(0);

    await user.type(password, 'errada-123');
    await user.type(current, '654321');
    await user.click(within(tools).getByRole('button', { name: 'Confirmar' }));
    expect(await within(tools).findByText('Senha atual incorreta.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Senha@Atual1');
    await user.click(within(tools).getByRole('button', { name: 'Confirmar' }));
    expect(await within(tools).findByRole('status')).toHaveTextContent('Código de acesso ativado');
    expect(api.callsTo(toolsContracts.confirmToken).at(-1)?.body).toEqual({ code: '123456', password: 'Senha@Atual1', currentCode: '654321' });
  });

  it("says 'Não autorizado para utilizar esta função' when GET gettoken fails", async () => {
    const { user } = setup([
      mockContract(toolsContracts.getToken, { status: 403, body: { message: 'Você não tem permissão para executar esta operação' } }),
    ]);
    const tools = await openTools(user);
    await user.click(within(tools).getByRole('button', { name: 'Gerar Código' }));
    expect(await within(tools).findByRole('alert')).toHaveTextContent('Não autorizado para utilizar esta função');
    expect(within(tools).queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('Baixar tutorial', () => {
  it("shows 'Processando solicitação...' while the PDF downloads, then saves Tutorial_do_Processo_Digital.pdf", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = setup([
      mockContract(toolsContracts.tutorial, async () => {
        await gate;
        return { body: new Blob(['%PDF-1.3'], { type: 'application/pdf' }) };
      }),
    ]);
    const createObjectURL = vi.fn(() => 'blob:tutorial');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });

    await user.click(await screen.findByRole('button', { name: 'AS Ana Superadmin Menu do usuário' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Baixar tutorial' }));
    expect(await screen.findByText('Processando solicitação...')).toBeInTheDocument();

    release();
    await waitFor(() => expect(clicks).toEqual([{ download: 'Tutorial_do_Processo_Digital.pdf', href: 'blob:tutorial' }]));
    await waitFor(() => expect(screen.queryByText('Processando solicitação...')).not.toBeInTheDocument());
  });
});
