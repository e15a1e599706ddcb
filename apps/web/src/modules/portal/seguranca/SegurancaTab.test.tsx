import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountSecurityContracts, accountSecurityMessages, toolsContracts, toolsMessages } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { portalSession } from '../shared/testing';
import SegurancaTab from './SegurancaTab';

const sessions = [
  { id: 5, device: 'Safari no iPhone', ip: '203.0.113.9', since: '2026-11-20T12:00:00.000Z', lastSeen: '2026-11-28T12:00:00.000Z', atual: true },
  { id: 4, device: 'Chrome no Windows', ip: '198.51.100.7', since: '2026-11-10T09:30:00.000Z', lastSeen: '2026-11-11T10:00:00.000Z', atual: false },
];
const events = [
  { id: 9, at: '2026-11-28T12:00:00.000Z', kind: 'login_ok' as const, ip: '203.0.113.9', reason: null },
  { id: 8, at: '2026-11-27T15:04:00.000Z', kind: 'login_fail' as const, ip: '198.51.100.7', reason: 'bad_credentials' },
];
const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${String(i).padStart(2, '2')}`);

function setup() {
  const api = mockApi([
    mockContract(accountSecurityContracts.mySessions, { body: sessions }),
    mockContract(accountSecurityContracts.myEvents, { body: events }),
    mockContract(accountSecurityContracts.endMySession, { status: 204, body: undefined }),
    mockContract(accountSecurityContracts.endOtherSessions, { body: { ended: 1, message: accountSecurityMessages.otherSessionsEnded(1) } }),
    mockContract(accountSecurityContracts.changeMyPassword, { body: { message: accountSecurityMessages.passwordChanged } }),
    mockContract(accountSecurityContracts.newRecoveryCodes, { body: { codes, message: accountSecurityMessages.recoveryCodesCreated } }),
    mockContract(toolsContracts.getToken, { body: { imageurl: 'data:image/png;base64,iVBORw0KGgo=', hasAuthenticator: true } }),
    mockContract(toolsContracts.confirmToken, { body: { status: 200, message: toolsMessages.codeActivated } }),
  ]);
  const view = renderWithProviders(<SegurancaTab />, { session: portalSession(), notifications: true });
  return { api, ...view };
}

describe('Portal → Segurança', { timeout: 30_000 }, () => {
  it('lists the sessions (esta sessão marked) and the events in pt-BR, DD/MM/YYYY HH:mm, with no axe violation', async () => {
    const { container } = setup();
    const list = await screen.findByRole('list', { name: 'Sessões ativas' });
    const [current, other] = await within(list).findAllByRole('listitem');
    expect(within(current!).getByText('esta sessão')).toBeInTheDocument();
    expect(within(current!).queryByRole('button', { name: /Encerrar/ })).toBeNull();
    expect(within(other!).getByText('Endereço: 198.51.100.7')).toBeInTheDocument();
    const eventList = await screen.findByRole('list', { name: 'Eventos de segurança' });
    expect(await within(eventList).findByText('Entrada no sistema')).toBeInTheDocument();
    expect(within(eventList).getByText('Falha de entrada — CPF ou senha inválidos')).toBeInTheDocument();
    expect(within(eventList).getByText(/^27\/11\/2026 \d{2}:04 · endereço 198\.51\.100\.7$/)).toBeInTheDocument();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });

  it('ends one other session, or all others', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await user.click(await screen.findByRole('button', { name: /^Encerrar a sessão Chrome no Windows/ }));
    expect(await screen.findByText('Sessão encerrada')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'sessions/minhas/4')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Encerrar todas as outras' }));
    expect(await screen.findByText(accountSecurityMessages.otherSessionsEnded(1))).toBeInTheDocument();
  });

  it('changes the password with the current one, refusing a short new one on the spot', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await user.type(screen.getByLabelText('Senha atual'), 'Demo@1234');
    await user.type(screen.getByLabelText('Nova senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === 'senha/minha')).toBe(false);
    await user.clear(screen.getByLabelText('Nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), 'Cavalo-Bateria-Grampo-77');
    expect(await screen.findByText('excelente')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText(accountSecurityMessages.passwordChanged)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === 'senha/minha')?.body).toEqual({ atual: 'Demo@1234', nova: 'Cavalo-Bateria-Grampo-77' });
  });

  it('replaces the authenticator (the current code may stay blank after a recovery sign-in), then shows the ten recovery codes once', async () => {
    const user = userEvent.setup();
    const { api, container } = setup();
    await user.click(screen.getByRole('button', { name: 'Configurar autenticador' }));
    expect(await screen.findByRole('img', { name: 'QR code do novo autenticador' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Senha atual', { selector: '#' + screen.getAllByLabelText('Senha atual')[1]!.id }), 'Demo@1234');
    await user.type(screen.getByLabelText('Código do novo autenticador'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(toolsMessages.codeActivated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === 'gettoken/confirm')?.body).toEqual({ code: '123456', password: 'Demo@1234' });
    const grid = await screen.findByLabelText('Códigos de recuperação');
    expect(within(grid).getAllByText(/^ABCDE-FGH/)).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Copiar códigos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar códigos' })).toBeInTheDocument();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });
});
