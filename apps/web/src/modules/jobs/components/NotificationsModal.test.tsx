import { jobsContracts } from '@assoc/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { JobsProvider } from '../hooks/JobsProvider';
import { jobsKey } from '../hooks/useJobs';
import { NotificationsBell } from './NotificationsBell';
import { NotificationsModal } from './NotificationsModal';

const job = (overrides: Partial<Job>): Job => ({
  jobId: crypto.randomUUID(),
  jobName: 'contagem-excel',
  jobDescription: 'Contagem ativos/aposentados/pensionistas (Excel)',
  jobSubtitle: '',
  jobStatus: 30,
  jobSubmitted: '2025-03-10T13:05:00.000Z',
  jobCurrent: 0,
  jobTotal: 0,
  jobAttachments: '',
  jobResult: '',
  jobFinished: null,
  show: true,
  ...overrides,
});

function renderModal(jobs: Job[], extra: MockRoute[] = []) {
  const api = mockApi([mockContract(jobsContracts.list, { body: jobs }), ...extra]);
  return { api, ...renderWithProviders(<NotificationsModal opened onClose={() => {}} />, { notifications: true }) };
}

const items = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Notificações' });
  await waitFor(() => expect(within(dialog).queryAllByRole('listitem').length).toBeGreaterThan(0));
  return within(dialog).getAllByRole('listitem');
};

describe('Notificações', () => {
  it('says so when there is nothing to show', async () => {
    renderModal([]);
    expect(await screen.findByText('Nenhuma notificação encontrada')).toBeInTheDocument();
  });

  it('lists newest submitted first, with each status rule and the date rule', async () => {
    renderModal([
      job({
        jobDescription: 'Concluída',
        jobStatus: 30,
        jobSubmitted: '2025-03-10T10:00:00.000Z',
        jobFinished: '2025-03-10T13:07:00.000Z',
        jobSubtitle: '4 pessoas',
      }),
      job({ jobDescription: 'Executando', jobStatus: 0, jobSubmitted: '2025-03-12T13:05:00.000Z', jobCurrent: 50, jobTotal: 200 }),
      job({ jobDescription: 'Aguardando', jobStatus: 10, jobSubmitted: '2025-03-11T13:05:00.000Z' }),
      job({
        jobDescription: 'Falhou com texto',
        jobStatus: 20,
        jobSubmitted: '2025-03-09T13:05:00.000Z',
        jobFinished: '2025-03-09T14:00:00.000Z',
        jobResult: 'Sem associados',
      }),
      job({ jobDescription: 'Falhou sem texto', jobStatus: 20, jobSubmitted: '2025-03-08T13:05:00.000Z', jobFinished: '2025-03-08T14:00:00.000Z' }),
      job({ jobDescription: 'Estranha', jobStatus: 99, jobSubmitted: '2025-03-07T13:05:00.000Z' }),
    ]);
    const list = await items();
    expect(list.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Executando',
      'Aguardando',
      'Concluída',
      'Falhou com texto',
      'Falhou sem texto',
      'Estranha',
    ]);
    const state = (i: number) => within(list[i]!).getByTestId('job-state');
    expect(state(0)).toHaveTextContent('25%');
    expect(within(list[0]!).getByLabelText('Em execução')).toBeInTheDocument();
    expect(state(1)).toHaveTextContent('Aguardando');
    expect(within(list[1]!).getByLabelText('Aguardando')).toBeInTheDocument();
    expect(state(2)).toHaveTextContent('Concluída');
    expect(state(3)).toHaveTextContent('Sem associados');
    expect(state(4)).toHaveTextContent('Erro para processar');
    expect(state(5)).toHaveTextContent('Desconhecido');
    // Submitted date while open; finished date from 20 on (São Paulo time, DD/MM/YYYY HH:mm).
    expect(list[0]).toHaveTextContent('12/03/2025 10:05');
    expect(list[2]).toHaveTextContent('10/03/2025 10:07');
    expect(list[2]).toHaveTextContent('4 pessoas');
    expect(list[3]).toHaveTextContent('09/03/2025 11:00');
  });

  it('opens a PDF attachment in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderModal([job({ jobAttachments: '1b4e28ba-2fa1-11d2-883f-0016d3cca427;Extrato março.pdf' })]);
    const [item] = await items();
    await user.click(within(item!).getByRole('button', { name: 'Extrato março.pdf' }));
    expect(open).toHaveBeenCalledWith('/api/v1/jobs/download/1b4e28ba-2fa1-11d2-883f-0016d3cca427', '_blank');
  });

  it("saves other attachments as a blob under the name after the semicolon, with 'Processando solicitação...'", async () => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const createObjectURL = vi.fn(() => 'blob:planilha');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { user, api } = renderModal(
      [job({ jobAttachments: '1b4e28ba-2fa1-11d2-883f-0016d3cca427;Contagem.xlsx' })],
      [
        mockContract(
          jobsContracts.download,
          async () => {
            await gate;
            return { body: 'xlsx' };
          },
          { params: { fileId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' } },
        ),
      ],
    );
    const [item] = await items();
    await user.click(within(item!).getByRole('button', { name: 'Contagem.xlsx' }));
    expect(await screen.findByText('Processando solicitação...')).toBeInTheDocument();
    act(() => finish());
    await waitFor(() => expect(clicks).toEqual(['Contagem.xlsx']));
    await waitFor(() => expect(screen.queryByText('Processando solicitação...')).not.toBeInTheDocument());
    expect(api.callsTo(jobsContracts.download, { fileId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' })).toHaveLength(1);
  });

  it('hides a job (showoff)', async () => {
    const target = job({ jobDescription: 'Para ocultar' });
    const { user, api } = renderModal([target], [mockContract(jobsContracts.hide, { status: 204 }, { params: { jobId: target.jobId } })]);
    const [item] = await items();
    await user.click(within(item!).getByRole('button', { name: 'Ocultar Para ocultar' }));
    expect(await screen.findByText('Nenhuma notificação encontrada')).toBeInTheDocument();
    expect(api.callsTo(jobsContracts.hide, { jobId: target.jobId })).toHaveLength(1);
  });
});

describe('job toasts and the unread counter', () => {
  it('toasts and counts a job that finishes, and clears the counter when the list opens', async () => {
    const running = job({ jobDescription: 'Contagem', jobStatus: 0, jobTotal: 10, jobCurrent: 3 });
    const failing = job({ jobDescription: 'Outra', jobStatus: 10 });
    mockApi([mockContract(jobsContracts.list, { body: [running, failing] })]);
    const { queryClient, user } = renderWithProviders(
      <JobsProvider>
        <NotificationsBell />
      </JobsProvider>,
      { notifications: true },
    );
    await waitFor(() => expect(queryClient.getQueryData(jobsKey)).toBeDefined());
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();

    act(() => {
      queryClient.setQueryData(jobsKey, [{ ...running, jobStatus: 30 }, failing]);
    });
    expect(await screen.findByText('Tarefa concluída com sucesso')).toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(jobsKey, [
        { ...running, jobStatus: 30 },
        { ...failing, jobStatus: 20 },
      ]);
    });
    expect(await screen.findByText('Erro para executar tarefa')).toBeInTheDocument();
    const bell = screen.getByRole('button', { name: 'Notificações (2 não lidas)' });

    await user.click(bell);
    expect(await screen.findByRole('dialog', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
  });
});
