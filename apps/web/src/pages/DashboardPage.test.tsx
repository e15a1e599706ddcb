import { authContracts, menuContracts, searchContracts, dashboardContracts, memberContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../test/api-mock';
import { person, sessionFor, staffRoles } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { renderWithProviders } from '../test/renderWithProviders';
import DashboardPage from './DashboardPage';

/** Today in São Paulo as DD/MM/YYYY, computed independently of the app's formatter. */
const todayBr = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

const viewed = { ...person({ cstId: 202, parentId: 101, custName: 'João Pereira', titular: 'Maria da Silva' }), viewedAt: '2026-01-01T10:00:00Z' };
const birthday = person({ cstId: 404, custName: 'Beatriz Lima', custAniversario: '1980-01-01', custAge: 46 });

/** The dashboard page alone, or the whole app at '/' with `wholeApp` (to follow a link to another screen). */
function setup(overrides: MockRoute[] = [], cep = '01310100', wholeApp = false) {
  const session = sessionFor(staffRoles, { cep });
  const api = mockApi([
    mockContract(authContracts.session, { body: session }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(searchContracts.history, { body: [viewed] }),
    mockContract(dashboardContracts.birthdays, { body: [birthday] }),
    mockContract(
      dashboardContracts.weather,
      {
        body: {
          cep: '01310100',
          city: 'São Paulo',
          uf: 'SP',
          temperature: 24.4,
          min: 17,
          max: 27,
          description: 'Parcialmente nublado',
          icon: 'partly-cloudy',
        },
      },
      { params: { cep: '01310100' } },
    ),
    mockContract(searchContracts.recordView, { body: [viewed] }, { params: { cstId: 202 } }),
    mockContract(dashboardContracts.cards, { body: [] }),
    ...overrides,
  ]);
  return { api, ...(wholeApp ? renderApp('/') : renderWithProviders(<DashboardPage />, { session })) };
}

describe('dashboard', () => {
  it("titles the birthdays panel with today's date and lists history and birthdays", async () => {
    setup();
    const birthdays = await screen.findByRole('region', { name: `Aniversariantes - ${todayBr()}` });
    expect(await within(birthdays).findByText('Beatriz Lima')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Histórico de visualizações' });
    const row = await within(history).findByRole('button', { name: /João Pereira/ });
    expect(row).toHaveTextContent('Titular: Maria da Silva');
    expect(row).toHaveTextContent('111.444.777-35');
    expect(row).toHaveTextContent('10/05/1970 (55 anos)');
    expect(row).toHaveTextContent('001234-5');
  });

  it('opens a person from the history on /associado, recording the view', async () => {
    const { user, router, api } = setup([], '01310100', true);
    const history = await screen.findByRole('region', { name: 'Histórico de visualizações' });
    await user.click(await within(history).findByRole('button', { name: /João Pereira/ }));
    // A dependent opens its holder's record (101) with the dependent in view; the view recorded is the dependent's.
    // The click starts GET user/101 at once (member/prefetch.ts), before the screen's code has loaded. (The screen
    // takes that reply only within 5 s: on a starved runner it may ask again, so the count is not checked after.)
    await waitFor(() => expect(api.callsTo(memberContracts.get, { cstId: 101 }).length).toBeGreaterThan(0));

    await waitFor(() => expect(router.state.location.pathname).toBe('/associado'));
    expect(router.state.location.state).toEqual({ cstId: 202, parentId: 101 });
    await waitFor(() => expect(api.callsTo(searchContracts.recordView, { cstId: 202 })).toHaveLength(1));
  });

  it('lists a busy day of birthdays in full, the first rows first (issue 30: the rest after the first paint)', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      person({ cstId: 1000 + i, custName: `Aniversariante ${String(i + 1).padStart(2, '0')}`, custAniversario: '1980-01-01', custAge: 46 }),
    );
    setup([mockContract(dashboardContracts.birthdays, { body: many })]);
    const birthdays = await screen.findByRole('region', { name: `Aniversariantes - ${todayBr()}` });
    expect(await within(birthdays).findByText('Aniversariante 01')).toBeInTheDocument();
    expect(await within(birthdays).findByText('Aniversariante 40')).toBeInTheDocument();
    expect(within(birthdays).getAllByRole('button')).toHaveLength(40);
  });

  it('shows the empty texts', async () => {
    setup([mockContract(searchContracts.history, { body: [] }), mockContract(dashboardContracts.birthdays, { body: [] })]);
    expect(await screen.findByText('Nenhuma visualização recente')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum aniversariante hoje')).toBeInTheDocument();
  });

  it('shows the weather for the user CEP', async () => {
    setup();
    const weather = await screen.findByRole('region', { name: 'Previsão do tempo' });
    expect(weather).toHaveTextContent('São Paulo/SP');
    expect(weather).toHaveTextContent('24°');
    expect(weather).toHaveTextContent('mín. 17° · máx. 27°');
    expect(weather).toHaveTextContent('Parcialmente nublado');
  });

  it('hides the weather panel when the service fails or the user has no CEP', async () => {
    const failing = setup([
      mockContract(dashboardContracts.weather, { status: 503, body: { message: 'Serviço indisponível' } }, { params: { cep: '01310100' } }),
    ]);
    await screen.findByText('Beatriz Lima');
    await waitFor(() => expect(failing.api.callsTo(dashboardContracts.weather, { cep: '01310100' })).toHaveLength(1));
    await waitFor(() => expect(screen.queryByLabelText(/previsão do tempo/i)).not.toBeInTheDocument());
    failing.unmount();

    const noCep = setup([], '');
    await screen.findByText('Beatriz Lima');
    expect(screen.queryByLabelText(/previsão do tempo/i)).not.toBeInTheDocument();
    expect(noCep.api.callsTo(dashboardContracts.weather).length > 0).toBe(false);
  });
});
