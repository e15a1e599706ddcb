import { authContracts, menuContracts, terminalContracts, terminalMessages } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import TerminalPage from '../../pages/TerminalPage';
import { mockApi, mockContract } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';

const SUPER = ['v2access', 'superadmin'] as const;
const history = [
  {
    id: 2,
    at: '2026-03-10T13:00:00.000Z',
    sql: 'drop table users',
    outcome: 'refused',
    rowCount: null,
    truncated: false,
    elapsedMs: null,
    message: 'DROP recusado',
  },
  {
    id: 1,
    at: '2026-03-10T12:00:00.000Z',
    sql: 'select user_id, name from users',
    outcome: 'ok',
    rowCount: 2,
    truncated: false,
    elapsedMs: 4,
    message: null,
  },
] as const;

function setup(run: Parameters<typeof mockContract<typeof terminalContracts.run>>[1]) {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor([...SUPER]) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(terminalContracts.history, { body: { items: [...history], total: 2, page: 1, pageSize: 50 } }),
    mockContract(terminalContracts.schema, { body: { tables: [{ name: 'users', columns: ['user_id', 'name'] }] } }),
    mockContract(terminalContracts.run, run),
  ]);
  const rendered = renderWithProviders(<TerminalPage />, { path: '/terminal', session: sessionFor([...SUPER]) });
  return { api, ...rendered };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// happy-dom fires 'selectionchange' synchronously, inside CodeMirror's own update, which CodeMirror refuses ("Calls to
// EditorView.update are not allowed while an update is in progress"); a browser fires it on a later task: so here.
const dispatchEvent = document.dispatchEvent.bind(document);
beforeAll(() => {
  document.dispatchEvent = (event: Event) => {
    if (event.type !== 'selectionchange') return dispatchEvent(event);
    setTimeout(() => dispatchEvent(event));
    return true;
  };
});
afterAll(() => {
  document.dispatchEvent = dispatchEvent;
});

describe('/terminal (Avançado → Terminal)', () => {
  it('loads a query from the history, runs it, shows the rows and the truncated note, and exports CSV', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [String(i + 1), i === 0 ? null : `Nome ${i + 1}`]);
    const { api, user } = setup({
      body: {
        columns: [
          { name: 'user_id', type: 'integer' },
          { name: 'name', type: 'text' },
        ],
        rows,
        rowCount: 1000,
        truncated: true,
        sizeLimited: false,
        elapsedMs: 12,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Terminal' })).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: 'Histórico' });
    expect(await within(aside).findByText(/Recusada/)).toBeInTheDocument();
    await user.click(await within(aside).findByRole('button', { name: /select user_id, name from users$/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Consulta SQL' })).toHaveTextContent('select user_id, name from users'));

    await user.click(screen.getByRole('button', { name: 'Executar' }));
    expect(await screen.findByText('1.000 linhas em 12 ms')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === 'terminal/executar')?.body).toEqual({ sql: 'select user_id, name from users' });
    expect(screen.getByText(terminalMessages.truncated(1000))).toBeInTheDocument();
    expect(screen.getByText('Mais de 1.000 linhas: mostrando as primeiras 1.000')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'user_id' })).toBeInTheDocument();
    expect(within(table).getByText('Nome 2')).toBeInTheDocument();
    expect(within(table).getByText('NULL')).toBeInTheDocument();
    expect(screen.getByText('1-100 de 1000')).toBeInTheDocument();

    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:terminal';
    });
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(created).toHaveLength(1);
    const csv = await created[0]!.text();
    expect(csv.split('\r\n').slice(0, 3)).toEqual(['\uFEFFuser_id;name', '1;', '2;Nome 2']);
    expect(csv.split('\r\n')).toHaveLength(1002);

    const results = await runAxe(document.body);
    expect(seriousViolations(results)).toEqual([]);
  });

  it("shows the server's refusal plainly", async () => {
    const { user } = setup({ status: 400, body: { message: terminalMessages.deniedFunction('pg_sleep') } });
    const aside = await screen.findByRole('complementary', { name: 'Histórico' });
    await user.click(await within(aside).findByRole('button', { name: /drop table users$/ }));
    // The editor has taken the query before the click into it (an update during CodeMirror's own throws).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Consulta SQL' })).toHaveTextContent('drop table users'));
    // Ctrl+Enter in the editor runs it too.
    await user.click(screen.getByRole('textbox', { name: 'Consulta SQL' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A função pg_sleep() não é permitida no terminal');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const results = await runAxe(document.body);
    expect(seriousViolations(results)).toEqual([]);
  });
});
