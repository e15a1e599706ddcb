import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCnj, processMessages, type ProcessFolder, type ProcessRow, processContracts } from '@assoc/domain';
import { ProcessScreen } from '../modules/process/components/ProcessScreen';
import type { PdfOpener } from '../modules/process/components/PdfViewer';
import { mockApi, mockContract, type MockRoute } from '../test/api-mock';
import { sessionFor } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';

const session = sessionFor(['v2menuprocesso', 'v2menuusuario']);
const folder = (pastaId: number, nome: string, extra: Partial<ProcessFolder> = {}): ProcessFolder => ({
  pastaId,
  nome,
  parentId: null,
  inbox: false,
  total: 0,
  naoLidos: 0,
  children: [],
  ...extra,
});
const tree = [
  folder(1, 'Caixa de entrada', { inbox: true, total: 2, naoLidos: 1 }),
  folder(2, 'Cíveis', { total: 3, children: [folder(3, 'Recursos', { parentId: 2, total: 1 })] }),
];
const numero1 = buildCnj({ sequence: 58967, year: 2016, segment: 8, court: 19, origin: 0 });
const numero2 = buildCnj({ sequence: 1234, year: 2023, segment: 8, court: 26, origin: 100 });
const row = (proId: number, numero: string, extra: Partial<ProcessRow> = {}): ProcessRow => ({
  proId,
  pastaId: 1,
  numero,
  tribunal: 'TJRJ',
  classe: 'Procedimento Comum Cível',
  assunto: 'Indenização por Dano Moral',
  partes: 'Autor: Maria da Silva; Réu: Banco Exemplo S.A.',
  status: 'Em andamento',
  ano: 2016,
  ultimoAndamento: '2024-03-05',
  lido: true,
  temPdf: true,
  ...extra,
});
const inboxRows = [row(10, numero1, { lido: false }), row(11, numero2, { tribunal: 'TJSP', ano: 2023 })];
const movements = [
  { andId: 2, proId: 10, data: '2024-03-05', texto: 'Intimação da parte ré para contestar.', documento: 'peticao.pdf' },
  { andId: 1, proId: 10, data: '2016-03-10', texto: 'Distribuído por sorteio.', documento: null },
];
const facets = {
  pasta: [{ value: 1, label: 'Caixa de entrada', count: 2 }],
  tribunal: [
    { value: 'TJRJ', label: 'TJRJ', count: 1 },
    { value: 'TJSP', label: 'TJSP', count: 1 },
  ],
  ano: [{ value: 2016, label: '2016', count: 1 }],
  status: [{ value: 'Em andamento', label: 'Em andamento', count: 2 }],
};
const searchReply = {
  total: 2,
  rows: [
    {
      ...inboxRows[0]!,
      destaque: [
        { texto: '… ', marcado: false },
        { texto: 'Intimação', marcado: true },
        { texto: ' da parte ré', marcado: false },
      ],
    },
  ],
  facets,
  nextOffset: null,
};

function mockProcessApi(extra: MockRoute[] = []) {
  return mockApi([
    mockContract(processContracts.inbox, { body: { pastaId: 1, nome: 'Caixa de entrada', total: 2, naoLidos: 1 } }),
    mockContract(processContracts.folders, { body: tree }),
    mockContract(processContracts.processes, { body: { rows: inboxRows, nextCursor: null } }, { params: { pastaId: 1 } }),
    mockContract(processContracts.processes, { body: { rows: [], nextCursor: null } }, { params: { pastaId: 2 } }),
    mockContract(processContracts.movements, { body: movements }, { params: { proId: 10 } }),
    mockContract(processContracts.movements, { body: [] }, { params: { proId: 11 } }),
    mockContract(processContracts.search, { body: searchReply }),
    ...extra,
  ]);
}

const renderScreen = (openPdf?: PdfOpener) =>
  renderWithProviders(<ProcessScreen title="Processo Digital" openPdf={openPdf} />, {
    path: '/processo',
    session,
    modals: true,
    notifications: true,
  });

describe('/processo (Processo Digital)', () => {
  it('opens on the inbox with its unopened count, lists its processes and shows a process’s movements, newest first', async () => {
    const api = mockProcessApi();
    const { user } = renderScreen();

    const folders = await screen.findByRole('navigation', { name: 'Pastas' });
    expect(await within(folders).findByRole('button', { name: /Caixa de entrada.*1 processo não aberto/ })).toBeInTheDocument();
    expect(within(folders).getByRole('button', { name: /Recursos/ })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Processos' });
    const first = await within(list).findByRole('button', { name: /0058967-77\.2016\.8\.19\.0000/ });
    expect(within(first).getByText('Não aberto')).toBeInTheDocument();
    expect(within(first).getByText('05/03/2024')).toBeInTheDocument();
    expect(within(first).getByText('Autor: Maria da Silva; Réu: Banco Exemplo S.A.')).toBeInTheDocument();

    await user.click(first);
    const panel = screen.getByRole('region', { name: 'Andamentos' });
    const texts = await within(panel).findAllByText(/Intimação da parte ré|Distribuído por sorteio/);
    expect(texts.map((t) => t.textContent)).toEqual(['Intimação da parte ré para contestar.', 'Distribuído por sorteio.']);
    expect(within(panel).getByRole('button', { name: 'Documento peticao.pdf' })).toBeInTheDocument();
    // Opened: the marker goes and the counts reload.
    await waitFor(() => expect(within(first).queryByText('Não aberto')).not.toBeInTheDocument());
    expect(api.callsTo(processContracts.inbox).length).toBeGreaterThanOrEqual(2);
  });

  it('searches, narrows by a facet, resets the filter on a new query and returns to the inbox when the search closes', async () => {
    const api = mockProcessApi();
    const { user } = renderScreen();
    await screen.findByRole('button', { name: /0058967-77/ });

    await user.type(screen.getByRole('textbox', { name: 'Pesquisar processos' }), 'intimação');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByRole('heading', { name: '2 processos encontrados' })).toBeInTheDocument();
    expect(api.callsTo(processContracts.search)[0]!.body).toEqual({ query: 'intimação', filter: {}, orderby: 'relevancia', offset: 0 });
    const mark = await screen.findByText('Intimação', { selector: 'mark' });
    expect(mark).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'TJSP (1)' }));
    await waitFor(() => expect(api.callsTo(processContracts.search)).toHaveLength(2));
    expect(api.callsTo(processContracts.search)[1]!.body).toMatchObject({ query: 'intimação', filter: { tribunal: ['TJSP'] } });

    const box = screen.getByRole('textbox', { name: 'Pesquisar processos' });
    await user.clear(box);
    await user.type(box, 'sentença{Enter}');
    await waitFor(() => expect(api.callsTo(processContracts.search)).toHaveLength(3));
    expect(api.callsTo(processContracts.search)[2]!.body).toEqual({ query: 'sentença', filter: {}, orderby: 'relevancia', offset: 0 });

    await user.click(screen.getByRole('button', { name: 'Fechar pesquisa' }));
    expect(box).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Caixa de entrada' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'TJSP (1)' })).not.toBeInTheDocument();
  });

  it('an empty search result clears the selected process', async () => {
    mockProcessApi([
      mockContract(processContracts.search, {
        body: { total: 0, rows: [], facets: { pasta: [], tribunal: [], ano: [], status: [] }, nextOffset: null },
      }),
    ]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: /0058967-77/ }));
    await screen.findByText('Distribuído por sorteio.');
    await user.type(screen.getByRole('textbox', { name: 'Pesquisar processos' }), 'nada{Enter}');
    expect(await screen.findByText('Nenhum processo encontrado')).toBeInTheDocument();
    expect(screen.queryByText('Distribuído por sorteio.')).not.toBeInTheDocument();
    expect(screen.getByText('Selecione um processo para ver os andamentos')).toBeInTheDocument();
  });

  it('opens the PDF beside the lists; choosing another process closes it', async () => {
    mockProcessApi([mockContract(processContracts.pdf, { body: '%PDF-1.4' }, { params: { proId: 10 } })]);
    const opener: PdfOpener = vi.fn(() => ({ promise: new Promise<never>(() => {}), destroy: () => {} }));
    const { user } = renderScreen(opener);
    await user.click(await screen.findByRole('button', { name: /0058967-77/ }));
    await user.click(await screen.findByRole('button', { name: 'Abrir PDF' }));
    const viewer = await screen.findByRole('region', { name: 'PDF do processo 0058967-77.2016.8.19.0000' });
    expect(within(viewer).getByRole('button', { name: 'Baixar PDF' })).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveBeenCalled());

    await user.click(screen.getByRole('button', { name: /0001234/ }));
    expect(screen.queryByRole('region', { name: /PDF do processo/ })).not.toBeInTheDocument();
  });

  it('says in pt-BR why a folder with processes cannot be deleted', async () => {
    const api = mockProcessApi([
      mockContract(processContracts.deleteFolder, { status: 409, body: { message: processMessages.folderHasProcesses } }, { params: { pastaId: 2 } }),
    ]);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: /Cíveis/ }));
    await user.click(screen.getByRole('button', { name: 'Apagar pasta' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apagar pasta' });
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(processMessages.folderHasProcesses)).toBeInTheDocument();
    expect(api.callsTo(processContracts.deleteFolder, { pastaId: 2 })).toHaveLength(1);
  });

  it('checks the CNJ number of a manual upload as it is typed', async () => {
    mockProcessApi();
    const { user } = renderScreen();
    await screen.findByRole('button', { name: /0058967-77/ });
    await user.click(screen.getByRole('button', { name: 'Enviar processo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar processo' });
    const cnj = within(dialog).getByRole('textbox', { name: /Número CNJ/ });
    await user.type(cnj, '00589677820168190000');
    expect(cnj).toHaveValue('0058967-78.2016.8.19.0000');
    expect(within(dialog).getByText(processMessages.invalidCnj)).toBeInTheDocument();
    await user.clear(cnj);
    await user.type(cnj, numero1);
    expect(cnj).toHaveValue('0058967-77.2016.8.19.0000');
    expect(within(dialog).queryByText(processMessages.invalidCnj)).not.toBeInTheDocument();
  });
});
