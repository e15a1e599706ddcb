import { bankFilesContracts, type RemittanceLine, type RemittanceRow } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RemittanceScreen } from './RemittanceScreen';
import { runAxe, seriousViolations } from '../../test/axe';

const tally = (count: number, total: number) => ({ count, total });
const remessa: RemittanceRow = {
  rmId: 41,
  rmDate: '2026-11-10T13:05:09.000Z',
  bnkName: 'Banco do Brasil',
  rmLastRemessa: 17,
  rmRecords: 3,
  rmTotalValue: 123456,
  scanId: 'scan-41',
  bnkId: 2,
  layout: 'cnab150',
  fileName: 'REM_BB_000017.txt',
  fecId: 25,
  createdByName: 'Financeiro',
  conciliacao: {
    sent: tally(3, 123456),
    paid: tally(1, 100000),
    rejected: tally(1, 20000),
    writtenOff: tally(0, 0),
    pending: tally(1, 3456),
    paidValue: 100000,
  },
};
const line = (over: Partial<RemittanceLine>): RemittanceLine => ({
  line: 2,
  cobId: 901,
  cstId: 10,
  custName: 'Maria da Silva',
  custNumeroInterno: '0001234',
  value: 100000,
  dueDate: '2026-11-20',
  status: 'paid',
  retCode: '00',
  retDescription: 'Débito efetuado',
  retDate: '2026-11-21',
  paidValue: 100000,
  importId: 5,
  ...over,
});
const paidLine = line({});
const rejectedLine = line({
  line: 3,
  cobId: 902,
  custName: 'João Souza',
  value: 20000,
  status: 'rejected',
  retCode: '01',
  retDescription: 'Insuficiência de fundos',
  paidValue: null,
});
const detail = (items: RemittanceLine[]) => ({ remessa, items, total: items.length, page: 1, pageSize: 50 });

function setup(rows: RemittanceRow[] = [remessa]) {
  const api = mockApi([
    mockContract(bankFilesContracts.remittances, { body: rows }),
    mockContract(bankFilesContracts.remittance, (request) => ({
      body: detail(request.search.includes('status=rejected') ? [rejectedLine] : [paidLine, rejectedLine]),
    })),
    mockContract(bankFilesContracts.remittanceFile, { body: 'conteúdo' }),
  ]);
  return { api, ...renderWithProviders(<RemittanceScreen />, { session: sessionFor(['v2access', 'v2menufinanceiro']), notifications: true }) };
}

describe('/financeiro/remessa', { timeout: 30_000 }, () => {
  it("shows the spec's columns formatted, with the reconciliation said in text", async () => {
    setup();
    const table = await screen.findByRole('table', { name: /Remessas geradas/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['rmId', 'Data', 'Banco', 'Remessa', 'Registros', 'Total', 'Retorno', 'Ações']);
    const row = within(table).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // 13:05:09 UTC is 10:05:09 in São Paulo.
    expect(cells.slice(0, 6)).toEqual(['41', '10/11/2026 10:05:09', 'Banco do Brasil', '17', '3', 'R$ 1.234,56']);
    expect(cells[6]).toContain('1 pagas');
    expect(cells[6]).toContain('1 rejeitadas');
    expect(cells[6]).toContain('0 baixadas');
    expect(cells[6]).toContain('1 sem retorno');
    // Read-only: nothing edits or deletes a remittance.
    expect(within(table).queryByRole('button', { name: /Excluir|Editar/ })).not.toBeInTheDocument();
  });

  it('shows the empty state without remittances', async () => {
    setup([]);
    expect(await screen.findByText('Nenhuma remessa gerada.')).toBeInTheDocument();
  });

  it('downloads the file through remittanceFile', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Baixar arquivo da remessa 41' }));
    await waitFor(() => expect(api.callsTo(bankFilesContracts.remittanceFile, { rmId: 41 })).toHaveLength(1));
  });

  it('opens a row: the Conciliação with counts and sums, and its lines; the "Rejeitadas" filter asks for status', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Conciliação da remessa 41' }));
    const drawer = await screen.findByRole('dialog', { name: 'Remessa 41' });
    expect(within(drawer).getByRole('heading', { name: 'Conciliação' })).toBeInTheDocument();
    expect(within(drawer).getByText('3 · R$ 1.234,56')).toBeInTheDocument();
    expect(within(drawer).getByText('1 · R$ 200,00')).toBeInTheDocument();
    expect(await within(drawer).findByText('Maria da Silva (000123-4)')).toBeInTheDocument();
    expect(within(drawer).getByText('00 - Débito efetuado')).toBeInTheDocument();
    expect(within(drawer).getAllByText('20/11/2026')).toHaveLength(2);
    expect(within(drawer).getAllByText('21/11/2026')).toHaveLength(2);
    expect(api.callsTo(bankFilesContracts.remittance, { rmId: 41 })[0]!.search).not.toContain('status=');

    await user.click(within(drawer).getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Rejeitadas' }));
    expect(await within(drawer).findByText('01 - Insuficiência de fundos')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByText('Maria da Silva (000123-4)')).not.toBeInTheDocument());
    const calls = api.callsTo(bankFilesContracts.remittance, { rmId: 41 });
    expect(calls.at(-1)!.search).toContain('status=rejected');
  });

  it('has no critical or serious axe violation with the Conciliação open (WCAG 2.1 A/AA)', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Conciliação da remessa 41' }));
    const drawer = await screen.findByRole('dialog', { name: 'Remessa 41' });
    await within(drawer).findByText('Maria da Silva (000123-4)');
    // The page and the open drawer (Mantine portals it to the body).
    const results = await runAxe(document.body);
    expect(results.passes.length).toBeGreaterThan(0);
    expect(seriousViolations(results)).toEqual([]);
  });
});
