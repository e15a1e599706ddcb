import { bankFilesContracts, bankReturnTypes, fileImportTypes, jobsContracts, postingMessages, type ImportRow } from '@assoc/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../test/api-mock';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ImportScreen } from './ImportScreen';
import { runAxe, seriousViolations } from '../../test/axe';

const tally = (count: number, total: number) => ({ count, total });
const done: ImportRow = {
  importId: 7,
  origem: 'banco',
  tipo: 'cnab150-bb',
  tipoLabel: 'Banco do Brasil - débito automático (CNAB 150)',
  fileName: 'RET_BB_17.ret',
  nsa: 17,
  status: 'done',
  message: null,
  jobId: '0b9f3c9e-1f7e-4a53-8f1d-2a3b4c5d6e01',
  createdAt: '2026-11-21T12:00:00.000Z',
  createdByName: 'Financeiro',
  scanId: null,
  result: {
    records: 3,
    paid: tally(1, 100000),
    rejected: tally(1, 20000),
    writtenOff: tally(0, 0),
    other: 1,
    alreadySettled: 0,
    problems: [{ line: 4, kind: 'cobrança desconhecida', message: 'Cobrança 999 não encontrada' }],
  },
};
const refused: ImportRow = {
  ...done,
  importId: 8,
  status: 'refused',
  message: 'O trailer do arquivo não fecha com os registros',
  result: null,
  nsa: null,
};
const running: ImportRow = { ...done, importId: 9, status: 'running', result: null, jobId: '0b9f3c9e-1f7e-4a53-8f1d-2a3b4c5d6e09' };
const otherOrigin: ImportRow = { ...done, importId: 10, origem: 'arquivo', fileName: 'fatura.csv', tipo: 'fatura-celular', tipoLabel: 'Fatura' };

const session = sessionFor(['v2access', 'v2menufinanceiro', 'v2menufinimp']);
/** The multipart body of the upload to `path` (the mock keeps only JSON bodies; the fetch call has the FormData). */
function uploadedForm(api: ReturnType<typeof mockApi>, path: string): FormData {
  const call = api.fetchMock.mock.calls.find(([input]) => String(input).endsWith(path));
  return call![1]!.body as FormData;
}
/** The screen's refusal (the toast says it too: both are alerts, so the screen's is found by its title). */
const refusalAlert = async () => (await screen.findByText('Arquivo recusado')).closest<HTMLElement>('[role="alert"]')!;
const pickFile = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });

function setupBank(rows: ImportRow[], extra: MockRoute[] = []) {
  const api = mockApi([
    mockContract(bankFilesContracts.imports, { body: rows }),
    mockContract(jobsContracts.list, { body: [] }),
    mockContract(bankFilesContracts.importBank, { body: { message: 'Importação iniciada.', jobId: running.jobId!, importId: 9 } }),
    ...extra,
  ]);
  return {
    api,
    ...renderWithProviders(<ImportScreen origin="banco" types={bankReturnTypes} typeLabel="Banco / tipo de retorno" accept=".ret,.txt" />, {
      session,
      notifications: true,
    }),
  };
}

async function chooseType(user: ReturnType<typeof setupBank>['user'], label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Importar banco', { timeout: 30_000 }, () => {
  it('lists the past bank imports (not the file ones) with status, reason, counts and the problems list', async () => {
    const { user } = setupBank([done, refused, otherOrigin]);
    const table = await screen.findByRole('table', { name: /Importações feitas/ });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByText('fatura.csv')).not.toBeInTheDocument();
    expect(within(table).getByText('Concluída')).toBeInTheDocument();
    expect(within(table).getByText('Recusada')).toBeInTheDocument();
    expect(within(table).getByText(refused.message!)).toBeInTheDocument();
    expect(within(table).getByText('1 pagas (R$ 1.000,00)')).toBeInTheDocument();
    expect(within(table).getByText('1 rejeitadas (R$ 200,00)')).toBeInTheDocument();
    expect(within(table).getAllByText('21/11/2026 09:00:00')).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Ver 1 problemas da importação 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Problemas de RET_BB_17.ret' });
    expect(within(dialog).getByText('Cobrança 999 não encontrada')).toBeInTheDocument();
    expect(within(dialog).getByText('cobrança desconhecida')).toBeInTheDocument();
  });

  it('enables IMPORTAR only with a file and a type, sends both, then clears the form with the server message', async () => {
    const { user, api } = setupBank([done]);
    const submit = await screen.findByRole('button', { name: 'IMPORTAR' });
    expect(submit).toBeDisabled();
    pickFile(new File(['x'], 'RET_BB_18.ret', { type: 'text/plain' }));
    await waitFor(() => expect(screen.getByText('RET_BB_18.ret')).toBeInTheDocument());
    expect(submit).toBeDisabled();
    await chooseType(user, 'Banco / tipo de retorno', 'Banco do Brasil - débito automático (CNAB 150)');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Importação iniciada.')).toBeInTheDocument();
    const calls = api.callsTo(bankFilesContracts.importBank);
    expect(calls).toHaveLength(1);
    const form = uploadedForm(api, 'financeiro/importarbanco');
    expect(form.get('tipo')).toBe('cnab150-bb');
    expect((form.get('file') as File).name).toBe('RET_BB_18.ret');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Banco / tipo de retorno' })).toHaveValue(''));
    expect(screen.queryByText('RET_BB_18.ret')).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it.each([400, 409])("a %i shows the server's message and keeps the choice", async (status) => {
    const message = 'O arquivo é do Banco do Brasil, não do Santander.';
    const { user } = setupBank([done], [mockContract(bankFilesContracts.importBank, { status, body: { message } })]);
    pickFile(new File(['x'], 'RET_BB_18.ret', { type: 'text/plain' }));
    await chooseType(user, 'Banco / tipo de retorno', 'Santander - débito automático (CNAB 150)');
    const submit = screen.getByRole('button', { name: 'IMPORTAR' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await refusalAlert()).toHaveTextContent(message);
    expect(screen.getByRole('combobox', { name: 'Banco / tipo de retorno' })).toHaveValue('Santander - débito automático (CNAB 150)');
    expect(screen.getByText('RET_BB_18.ret')).toBeInTheDocument();
  });

  it('takes a file dropped on the upload area', async () => {
    setupBank([done]);
    await screen.findByRole('table', { name: /Importações feitas/ });
    const file = new File(['x'], 'RET_BB_19.ret', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('import-drop'), { dataTransfer: { files: { item: (i: number) => (i === 0 ? file : null), length: 1 } } });
    expect(await screen.findByText('RET_BB_19.ret')).toBeInTheDocument();
  });

  it('keeps IMPORTAR disabled while an import of this screen runs', async () => {
    const { user } = setupBank([running, done]);
    expect(await screen.findByText('Em andamento')).toBeInTheDocument();
    pickFile(new File(['x'], 'RET_BB_18.ret', { type: 'text/plain' }));
    await chooseType(user, 'Banco / tipo de retorno', 'Banco do Brasil - débito automático (CNAB 150)');
    expect(screen.getByText(/Importação em andamento/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'IMPORTAR' })).toBeDisabled();
  });

  it('has no critical or serious axe violation (WCAG 2.1 A/AA)', async () => {
    const { container } = setupBank([done, refused]);
    await screen.findByRole('table', { name: /Importações feitas/ });
    const results = await runAxe(container);
    expect(results.passes.length).toBeGreaterThan(0);
    expect(seriousViolations(results)).toEqual([]);
  });
});

describe('Importar arquivo', { timeout: 30_000 }, () => {
  function setupFile() {
    const api = mockApi([
      mockContract(bankFilesContracts.imports, { body: [done, otherOrigin] }),
      mockContract(jobsContracts.list, { body: [] }),
      mockContract(bankFilesContracts.importFile, { body: { message: 'Importação iniciada.', jobId: running.jobId!, importId: 11 } }),
    ]);
    return {
      api,
      ...renderWithProviders(
        <ImportScreen origin="arquivo" types={fileImportTypes} typeLabel="Tipo de arquivo" accept=".xlsx,.csv,.txt" refuseXls />,
        { session, notifications: true },
      ),
    };
  }

  it('refuses an XLS file on choice with the spec text, before any upload', async () => {
    const { user, api } = setupFile();
    await chooseType(user, 'Tipo de arquivo', 'Fatura da operadora de celular');
    pickFile(new File(['x'], 'fatura.xls', { type: 'application/vnd.ms-excel' }));
    expect(await refusalAlert()).toHaveTextContent(postingMessages.xlsRefused);
    expect(screen.getByRole('button', { name: 'IMPORTAR' })).toBeDisabled();
    expect(api.callsTo(bankFilesContracts.importFile)).toHaveLength(0);
  });

  it('sends an XLSX through importFile and lists only the file imports', async () => {
    const { user, api } = setupFile();
    const table = await screen.findByRole('table', { name: /Importações feitas/ });
    expect(within(table).getByText('fatura.csv')).toBeInTheDocument();
    expect(within(table).queryByText('RET_BB_17.ret')).not.toBeInTheDocument();
    await chooseType(user, 'Tipo de arquivo', 'Fatura da operadora de celular');
    pickFile(new File(['x'], 'fatura.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const submit = screen.getByRole('button', { name: 'IMPORTAR' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Importação iniciada.')).toBeInTheDocument();
    expect(uploadedForm(api, 'financeiro/importar').get('tipo')).toBe('fatura-celular');
  });
});
