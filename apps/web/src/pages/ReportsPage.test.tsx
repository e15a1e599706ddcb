import { authContracts, menuContracts, reportContracts, printingContracts, type ReportVersion } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../test/api-mock';
import { sessionFor } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import ReportsPage from './ReportsPage';

const item = {
  name: 'declaracao-vinculo',
  description: 'Declaração de vínculo associativo',
  number: 1,
  version: 2,
  updatedByName: 'Ana Lima',
  updatedAt: '2026-03-10T13:05:00.000Z',
};
const versions: ReportVersion[] = [
  { version: 2, action: 'save', savedByName: 'Ana Lima', savedAt: '2026-03-10T13:05:00.000Z' },
  { version: 1, action: 'default', savedByName: null, savedAt: '2026-03-01T09:00:00.000Z' },
];

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:relatorio'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The calls /reports makes on opening the bond declaration, plus the test's own. */
const mockReportsApi = (extra: MockRoute[]) =>
  mockApi([
    mockContract(authContracts.session, { body: sessionFor(['v2access', 'superadmin']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(reportContracts.list, { body: [item] }),
    mockContract(printingContracts.list, { body: [] }),
    mockContract(reportContracts.pdf, { body: 'pdf' }, { params: { name: 'declaracao-vinculo' } }),
    mockContract(reportContracts.versions, { body: versions }, { params: { name: 'declaracao-vinculo' } }),
    ...extra,
  ]);

describe('/reports (Relatórios)', () => {
  it('lists the templates, opens the Relatório dialog on the viewer with the versions, and restores the default after SIM', async () => {
    const api = mockReportsApi([
      mockContract(
        reportContracts.restore,
        { body: { name: item.name, number: 1, version: 3, rptData: {} } },
        { params: { name: 'declaracao-vinculo' } },
      ),
    ]);
    const { user } = renderWithProviders(<ReportsPage />, { path: '/reports', session: sessionFor(['v2access', 'superadmin']), modals: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Relatórios' })).toBeInTheDocument();
    const row = (await screen.findByText('Declaração de vínculo associativo')).closest('tr')!;
    // São Paulo time (UTC-3).
    expect(within(row).getByText('Ana Lima em 10/03/2026 10:05')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Fila de impressão' })).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'declaracao-vinculo' }));

    const dialog = await screen.findByRole('dialog', { name: 'Relatório' });
    for (const mode of ['Visualizar', 'Desenhar', 'Imprimir', 'Exportar PDF'])
      expect(within(dialog).getByRole('button', { name: mode })).toBeInTheDocument();
    expect(await within(dialog).findByTitle('Relatório Declaração de vínculo associativo')).toHaveAttribute('src', 'blob:relatorio');
    expect(await within(dialog).findByRole('button', { name: 'Restaurar versão 1' })).toBeInTheDocument();
    expect(within(dialog).getByText('Sistema')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Restaurar padrão' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restaurar padrão' });
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(reportContracts.restore, { name: 'declaracao-vinculo' })).toHaveLength(1));
    expect(api.callsTo(reportContracts.restore, { name: 'declaracao-vinculo' })[0]!.body).toEqual({ padrao: true });
    // The viewer reloads the PDF after the restore.
    await waitFor(() => expect(api.callsTo(reportContracts.pdf, { name: 'declaracao-vinculo' }).length).toBeGreaterThanOrEqual(2));
  });

  it('Imprimir goes through the print dialogs: Navegador opens the viewed PDF in a new tab', async () => {
    const api = mockReportsApi([mockContract(printingContracts.getConfig, { body: {} })]);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderWithProviders(<ReportsPage />, { path: '/reports', session: sessionFor(['v2access', 'superadmin']), modals: true });
    const row = (await screen.findByText('Declaração de vínculo associativo')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'declaracao-vinculo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relatório' });
    await within(dialog).findByTitle('Relatório Declaração de vínculo associativo');

    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    const choice = await screen.findByRole('dialog', { name: 'Selecionar como imprimir' });
    await user.click(within(choice).getByRole('radio', { name: 'Navegador' }));
    await user.click(within(choice).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:relatorio', '_blank', 'noopener'));
    // The PDF the viewer already holds: no second request, and nothing remembered (NÃO).
    expect(api.callsTo(reportContracts.pdf, { name: 'declaracao-vinculo' })).toHaveLength(1);
    expect(api.callsTo(printingContracts.saveConfig)).toHaveLength(0);
  });
});
