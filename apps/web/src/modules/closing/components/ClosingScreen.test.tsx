import { closingContracts, closingMessages, type ClosingPreview, type ClosingRun } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ClosingScreen } from './ClosingScreen';

const preview: ClosingPreview = {
  fecId: 25,
  periodo: '2026-11',
  holders: 2,
  entries: 5,
  total: 23_450,
  byService: [{ id: 7, label: 'Plano de Saúde', holders: 2, entries: 4, total: 20_450 }],
  byPlace: [{ id: 2, label: 'Banco do Brasil', holders: 1, entries: 3, total: 13_450 }],
  charges: [{ bnkId: 11, label: 'Boleto Bancário', count: 1, total: 10_000 }],
  chargesCount: 1,
  chargesTotal: 10_000,
};
const run = (values: Partial<ClosingRun> = {}): ClosingRun => ({
  cloId: 3,
  fecId: 24,
  periodo: '2026-10',
  status: 'done',
  jobId: '7d2b7a4e-64c4-4bd6-9d38-3c0bcbcf8c65',
  startedByName: 'Financeiro Demo',
  startedAt: '2026-10-31T21:00:00.000Z',
  finishedAt: '2026-10-31T21:00:40.000Z',
  holders: 300,
  entries: 1_200,
  total: 4_500_000,
  charges: 280,
  chargesTotal: 4_100_000,
  difference: 0,
  message: 'Período 10/2026 fechado: 300 titulares lançados, 280 cobranças geradas.',
  ...values,
});

function setup(routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(closingContracts.preview, { body: preview }),
    mockContract(closingContracts.list, { body: [run()] }),
    mockContract(closingContracts.start, { body: { message: closingMessages.started, jobId: '0b9f3c9e-1f7e-4a53-8f1d-2a3b4c5d6e7f' } }),
    ...routes,
  ]);
  return { api, ...renderWithProviders(<ClosingScreen />, { session: sessionFor(['v2access', 'v2menufinanceiro']), notifications: true }) };
}

describe('/financeiro/fechar', { timeout: 30_000 }, () => {
  it('shows the preview of the open period and the past closings', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Prévia do fechamento — período 11/2026' })).toBeInTheDocument();
    const byService = screen.getByRole('table', { name: 'Por serviço' });
    expect(within(byService).getByRole('row', { name: /Plano de Saúde/ })).toHaveTextContent('R$ 204,50');
    expect(screen.getByRole('table', { name: 'Cobranças por local de débito' })).toHaveTextContent('Boleto Bancário');
    const runs = await screen.findByRole('table', { name: 'Fechamentos realizados' });
    expect(within(runs).getByRole('row', { name: /10\/2026/ })).toHaveTextContent('Concluído');
  });

  it('keeps each value of money on one line in the preview and the past closings', async () => {
    setup();
    const byService = await screen.findByRole('table', { name: 'Por serviço' });
    expect(within(byService).getByRole('cell', { name: 'R$ 204,50' })).toHaveStyle({ whiteSpace: 'nowrap' });
    // The charges' card: the count, then the value (on a phone "R$" wrapped above its digits).
    expect(screen.getByText('R$ 100,00', { selector: 'span' })).toHaveStyle({ whiteSpace: 'nowrap' });
    const charges = screen.getByRole('table', { name: 'Cobranças por local de débito' });
    expect(within(charges).getByRole('cell', { name: 'R$ 100,00' })).toHaveStyle({ whiteSpace: 'nowrap' });
    const runs = await screen.findByRole('table', { name: 'Fechamentos realizados' });
    for (const text of ['R$ 45.000,00', 'R$ 41.000,00']) expect(within(runs).getByRole('cell', { name: text })).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('enables FECHAR only when FECHAR is typed, then starts the closing with the confirmation word', async () => {
    const { user, api } = setup();
    const button = screen.getByRole('button', { name: 'FECHAR' });
    expect(button).toBeDisabled();
    const box = screen.getByLabelText('Digite FECHAR para confirmar');
    await user.type(box, 'fechar');
    expect(button).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'FECHAR');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText(closingMessages.started)).toBeInTheDocument();
    expect(api.callsTo(closingContracts.start)[0]!.body).toEqual({ confirm: 'FECHAR' });
  });

  it('shows the refusal of a second closing and keeps the button off while one runs', async () => {
    setup([mockContract(closingContracts.list, { body: [run({ cloId: 4, fecId: 25, periodo: '2026-11', status: 'running', finishedAt: null })] })]);
    expect(await screen.findByText(closingMessages.alreadyRunning)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'FECHAR' })).toBeDisabled();
  });
});
