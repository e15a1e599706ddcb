import { filterContracts, filterMessages, type FilterRunReply, type SavedFilter } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRequest } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FilterScreen } from './FilterScreen';

const reply: FilterRunReply = {
  total: 2,
  page: 1,
  pageSize: 50,
  rows: [
    { cstId: 10, holderId: 10, cells: { nome: 'Ana Souza', numeroInterno: '1234561', cpf: '52998224725', status: 'M', situacao: 1 } },
    { cstId: 11, holderId: 10, cells: { nome: 'Bia Souza', numeroInterno: '1234561', cpf: null, status: null, situacao: null } },
  ],
};

const own: SavedFilter = {
  id: 7,
  name: 'Sócios ativos',
  query: { combinator: 'and', rules: [{ id: 'r1', field: 'socio', operator: '=', value: 'S' }] },
  columns: ['nome', 'saldoAberto'],
  ownerId: 1,
  ownerName: 'Eu',
  own: true,
  sharedWith: [],
  version: 3,
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const shared: SavedFilter = { ...own, id: 8, name: 'Da colega', own: false, ownerId: 2, ownerName: 'Maria' };

function setup() {
  const runs: MockRequest[] = [];
  const api = mockApi([
    mockContract(filterContracts.options, {
      body: { servicos: [{ value: 1, label: 'Plano' }], fornecedores: [], regioes: [], circunscricoes: [], comarcas: [], foruns: [] },
    }),
    mockContract(filterContracts.savedList, { body: [own, shared] }),
    mockContract(filterContracts.users, { body: [{ userId: 2, name: 'Maria' }] }),
    mockContract(filterContracts.run, (request) => {
      runs.push(request);
      return { body: reply };
    }),
    mockContract(filterContracts.savedUpdate, { body: { ...own, version: 4 } }),
    mockContract(filterContracts.export, {
      unchecked: 'the 202 of a job: JSON under a binary contract',
      status: 202,
      body: { job: {}, message: filterMessages.exportStarted },
    }),
  ]);
  const view = renderWithProviders(<FilterScreen />, { session: sessionFor(['v2menufiltro']), modals: true, notifications: true });
  return { api, runs, ...view };
}

describe('/filter', { timeout: 30_000 }, () => {
  it('shows the count at once and the page in the chosen columns, formatted; no serious axe violation', async () => {
    const { container } = setup();
    expect(await screen.findByText('2 pessoas encontradas')).toBeInTheDocument();
    const headers = [...container.querySelectorAll('thead th')].map((h) => h.textContent?.trim());
    expect(headers.slice(0, 5)).toEqual(['Nome', 'Número interno', 'CPF', 'Status', 'Situação']);
    const row = (await screen.findByText('Ana Souza')).closest('tr')!;
    expect(within(row).getByText('123456-1')).toBeInTheDocument();
    expect(within(row).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(row).getByText('Ativo')).toBeInTheDocument();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });

  it('adds a condition with the builder (criterion, operator, value editors) and runs only once it is complete', async () => {
    const { runs, user } = setup();
    await screen.findByText('2 pessoas encontradas');
    await user.click(screen.getByRole('button', { name: 'Condição' }));
    expect(screen.getByRole('combobox', { name: 'Critério' })).toBeInTheDocument();
    // The first criterion (Situação) proposes "é um de" with a multi-select: the query waits for a value.
    expect(await screen.findByText('Complete as condições para ver o resultado')).toBeInTheDocument();
    const before = runs.length;
    await user.click(screen.getAllByLabelText('Valor de Situação')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Ativo' }));
    await waitFor(() => expect(runs.length).toBeGreaterThan(before));
    const body = runs.at(-1)!.body as { query: { rules: { field: string; operator: string; value: unknown }[] } };
    expect(body.query.rules[0]).toMatchObject({ field: 'situacao', operator: 'in', value: ['1'] });
  });

  it("shows 'Não existem colunas definidas' without columns", async () => {
    const { user } = setup();
    await screen.findByText('2 pessoas encontradas');
    for (const label of ['Nome', 'Número interno', 'CPF', 'Status', 'Situação'])
      await user.click(screen.getByRole('button', { name: `Remover a coluna ${label}` }));
    expect(screen.getByText(filterMessages.noColumns)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
  });

  it('loads a saved filter (criteria and columns) and saves it at its version; a shared one is read-only', async () => {
    const { api, runs, user } = setup();
    await screen.findByText('2 pessoas encontradas');
    await user.click(screen.getByRole('combobox', { name: 'Filtros salvos' }));
    await user.click(await screen.findByRole('option', { name: 'Sócios ativos' }));
    await waitFor(() => expect((runs.at(-1)!.body as { columns: string[] }).columns).toEqual(['nome', 'saldoAberto']));
    expect((runs.at(-1)!.body as { query: unknown }).query).toEqual(own.query);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ name: 'Sócios ativos', version: 3, columns: ['nome', 'saldoAberto'] });

    await user.click(screen.getByRole('combobox', { name: 'Filtros salvos' }));
    await user.click(await screen.findByRole('option', { name: 'Da colega (compartilhado por Maria)' }));
    expect(await screen.findByText(/somente leitura/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apagar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Salvar como' })).toBeInTheDocument();
  });

  it('a large export starts a job and says so', async () => {
    const { user } = setup();
    await screen.findByText('2 pessoas encontradas');
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    expect(await screen.findByText(filterMessages.exportStarted)).toBeInTheDocument();
  });
});
