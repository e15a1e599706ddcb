import { efetuadoContracts, efetuadoMessages, jobMessages, jobsContracts, type EfetuadoPeriod, type EfetuadoService, type Job } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EfetuadoScreen } from './EfetuadoScreen';

const periods: EfetuadoPeriod[] = [
  { fecId: 25, periodo: '11/2026', fechadoEm: '2026-11-30T21:00:00.000Z' },
  { fecId: 24, periodo: '10/2026', fechadoEm: '2026-10-31T21:00:00.000Z' },
];
const services: EfetuadoService[] = [
  { svcId: 7, svcName: 'Plano de Saúde Enfermaria', sucName: 'Saúde', supName: 'Operadora', saude: true, svcServiceType: 0 },
  { svcId: 9, svcName: 'Mensalidade', sucName: 'Associativo', supName: 'Associação', saude: false, svcServiceType: 0 },
];
let jobCounter = 0;
const job = (jobName: string, jobStatus: number): Job => ({
  jobId: `0b9f3c9e-1f7e-4a53-8f1d-2a3b4c5d6e${String(++jobCounter).padStart(2, '0')}`,
  jobName,
  jobDescription: jobName,
  jobSubtitle: '',
  jobStatus,
  jobSubmitted: '2026-11-30T21:00:00.000Z',
  jobCurrent: 0,
  jobTotal: 0,
  jobAttachments: '',
  jobResult: '',
  jobFinished: null,
  show: true,
});

function setup(jobs: Job[] = []) {
  const api = mockApi([
    mockContract(efetuadoContracts.periods, { body: periods }),
    mockContract(efetuadoContracts.services, { body: services }),
    mockContract(jobsContracts.list, { body: jobs }),
    mockContract(jobsContracts.sendWithData, (request) => ({ body: job(request.path.split('/')[2] ?? '', 10) })),
  ]);
  return {
    api,
    ...renderWithProviders(<EfetuadoScreen />, { session: sessionFor(['v2access', 'v2menufinanceiro']), notifications: true, modals: true }),
  };
}

describe('/financeiro/efetuado', { timeout: 30_000 }, () => {
  it('starts EFETUADO for the newest closed period after the question, with the spec toast', async () => {
    const { user, api } = setup();
    const button = await screen.findByRole('button', { name: 'EFETUADO' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'EFETUADO' });
    await user.click(within(dialog).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(jobMessages.sent)).toBeInTheDocument();
    expect(api.callsTo(jobsContracts.sendWithData, { jobCommand: 'efetuado', userData: 25 })).toHaveLength(1);
  });

  it('EFETUADO SERVIÇO waits for a service and sends it with the period', async () => {
    const { user, api } = setup();
    const button = await screen.findByRole('button', { name: 'EFETUADO SERVIÇO' });
    expect(button).toBeDisabled();
    // The spec's dropdown placeholder (spec 1 §5 'Other': formats).
    expect(screen.getByRole('combobox', { name: 'Serviço' })).toHaveAttribute('placeholder', 'Selecione...');
    await user.click(screen.getByRole('combobox', { name: 'Serviço' }));
    await user.click(await screen.findByRole('option', { name: /Mensalidade/ }));
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'EFETUADO SERVIÇO' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(jobsContracts.sendWithData, { jobCommand: 'efetuado-servico', userData: '9-25' })).toHaveLength(1));
  });

  it('a range whose start is after its end shows the message and keeps its button disabled; a valid one is sent', async () => {
    const { user, api } = setup();
    const tjsp = await screen.findByRole('region', { name: efetuadoMessages.tjspTitle });
    const button = within(tjsp).getByRole('button', { name: 'EFETUADO TJSP' });
    expect(button).toBeDisabled();
    await user.type(within(tjsp).getByLabelText(efetuadoMessages.startLabel), '01/11/2026');
    await user.type(within(tjsp).getByLabelText(efetuadoMessages.endLabel), '31/10/2026');
    expect(await within(tjsp).findByText(efetuadoMessages.startAfterEnd)).toBeInTheDocument();
    expect(button).toBeDisabled();
    await user.clear(within(tjsp).getByLabelText(efetuadoMessages.endLabel));
    await user.type(within(tjsp).getByLabelText(efetuadoMessages.endLabel), '30/11/2026');
    await waitFor(() => expect(button).toBeEnabled());
    expect(within(tjsp).queryByText(efetuadoMessages.startAfterEnd)).not.toBeInTheDocument();
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'EFETUADO TJSP' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() =>
      expect(api.callsTo(jobsContracts.sendWithData, { jobCommand: 'efetuado-tjsp', userData: '2026-11-01_2026-11-30' })).toHaveLength(1),
    );
    // The other range is its own: still empty, still disabled.
    const saude = screen.getByRole('region', { name: efetuadoMessages.saudeDetalhadoTitle });
    expect(within(saude).getByRole('button', { name: 'EFETUADO SAÚDE DETALHADO' })).toBeDisabled();
  });

  it('disables a button while a same-named job waits or runs (spinner at 0, hourglass at 10); the others stay enabled', async () => {
    setup([job('efetuado', 0), job('efetuado-saude-excel', 10), job('efetuado-saude', 30)]);
    const efetuado = await screen.findByRole('button', { name: /^EFETUADO Em execução$/ });
    await waitFor(() => expect(efetuado).toBeDisabled());
    const excel = screen.getByRole('button', { name: /^EFETUADO SAÚDE EXCEL Aguardando$/ });
    expect(excel).toBeDisabled();
    // A finished job (30) does not block.
    await waitFor(() => expect(screen.getByRole('button', { name: 'EFETUADO SAÚDE' })).toBeEnabled());
  });
});
