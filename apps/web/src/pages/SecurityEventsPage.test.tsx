import { authContracts, menuContracts, securityEventsContracts } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
import { sessionFor } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import SecurityEventsPage from './SecurityEventsPage';

const event = (id: number, kind: string, extra = {}) => ({
  id,
  at: '2026-03-10T13:00:00.000Z',
  kind,
  subjectName: 'Maria Souza',
  cpf: '11144477735',
  actorName: 'Maria Souza',
  ip: '10.0.0.7',
  reason: null,
  target: null,
  action: null,
  ...extra,
});

describe('/seguranca (Avançado → Eventos de segurança)', () => {
  it('lists the events with pt-BR labels and filters by kind, person and days', async () => {
    const all = [
      event(4, 'access_change', { actorName: 'Admin Geral', ip: null, target: 'usuario:12', action: 'update' }),
      event(3, 'login_ok'),
      event(2, 'login_fail', { actorName: null, reason: 'bad_credentials' }),
      event(1, 'login_fail', { subjectName: null, actorName: null, cpf: '22255588846', reason: 'rate_limited' }),
    ];
    const api = mockApi([
      mockContract(authContracts.session, { body: sessionFor(['v2access', 'superadmin']) }),
      mockContract(menuContracts.tree, { body: [] }),
      mockContract(securityEventsContracts.list, ({ search }) => {
        const kind = new URLSearchParams(search).get('kind');
        const items = kind ? all.filter((e) => e.kind === kind) : all;
        return { body: { items, total: items.length, page: 1, pageSize: 25 } };
      }),
    ]);
    const { user } = renderWithProviders(<SecurityEventsPage />, { path: '/seguranca', session: sessionFor(['v2access', 'superadmin']) });

    expect(await screen.findByRole('heading', { name: 'Eventos de segurança' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(await within(table).findByText('Entrada no sistema')).toBeInTheDocument();
    expect(within(table).getAllByText('Falha de entrada')).toHaveLength(2);
    expect(within(table).getByText('CPF ou senha inválidos')).toBeInTheDocument();
    expect(within(table).getByText('Bloqueado pelo limite de tentativas')).toBeInTheDocument();
    expect(within(table).getByText('Usuário 12 (alteração)')).toBeInTheDocument();
    expect(within(table).getByText('CPF não cadastrado')).toBeInTheDocument();
    expect(within(table).getAllByText('111.444.777-35').length).toBeGreaterThan(0);

    await user.click(screen.getByLabelText('Tipo de evento', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Falha de entrada' }));
    await screen.findByText(/^1-2 de 2$/);
    expect(within(screen.getByRole('table')).queryByText('Entrada no sistema')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Usuário', { selector: 'input' }), 'maria');
    await user.type(screen.getByLabelText('De', { selector: 'input' }), '01/03/2026');
    await user.tab();
    await user.type(screen.getByLabelText('Até', { selector: 'input' }), '10/03/2026');
    await user.tab();
    // Every call carries the XSRF header, GETs included (issue 8 §8).
    expect(api.calls.find((c) => c.path === 'security-events')?.headers['X-XSRF-TOKEN']).toBe('xsrf-from-session');
    await expect
      .poll(() => api.calls.map((c) => c.path + c.search))
      .toContain('security-events?page=1&pageSize=25&user=maria&kind=login_fail&from=2026-03-01&to=2026-03-10');
  });
});
