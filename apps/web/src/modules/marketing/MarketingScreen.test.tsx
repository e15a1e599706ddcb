import { marketingContracts, type Campaign, type CampaignPreview } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRequest } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MarketingScreen } from './MarketingScreen';

const campaign: Campaign = {
  id: 3,
  name: 'Convite do jantar',
  filterId: 7,
  filterName: 'Sócios ativos',
  channel: 'preferido',
  templates: { email: 1, sms: 2, whatsapp: 3 },
  status: 'concluida',
  createdByName: 'Eu',
  createdAt: '2026-03-02T13:00:00.000Z',
  finishedAt: '2026-03-02T13:00:05.000Z',
  jobId: null,
  counts: { queued: 3, sent: 2, failed: 1, pending: 0, skipped: 2 },
};

const preview: CampaignPreview = {
  total: 5,
  reached: 3,
  byChannel: { email: 3, sms: 0, whatsapp: 0 },
  skipped: { sem_email: 1, sem_celular: 0, recusa: 1, correio: 0 },
  recipients: [{ cstId: 10, name: 'Ana Souza', channel: 'email', to: 'ana@example.com', subject: 'Convite para Ana Souza', text: 'Olá, Ana Souza!' }],
};

function setup() {
  const creates: MockRequest[] = [];
  const api = mockApi([
    mockContract(marketingContracts.options, {
      body: {
        filters: [
          { id: 7, name: 'Sócios ativos', ownerName: 'Eu', own: true },
          { id: 8, name: 'Aniversariantes', ownerName: 'Maria', own: false },
        ],
        templates: {
          email: [{ id: 1, name: 'CONVITE', description: 'Convite para {nome}', text: 'Olá, {nome}!' }],
          sms: [{ id: 2, name: 'SMS CONVITE', description: 'SMS', text: 'Oi {nome}' }],
          whatsapp: [{ id: 3, name: 'Convite', description: 'WhatsApp', text: 'Olá {nome}' }],
        },
      },
    }),
    mockContract(marketingContracts.list, { body: [campaign] }),
    mockContract(marketingContracts.preview, { body: preview }),
    mockContract(marketingContracts.create, (request) => {
      creates.push(request);
      return { status: 201, body: { campaign: { ...campaign, id: 4, status: 'enviando' }, job: null, message: 'ok' } };
    }),
    mockContract(
      marketingContracts.get,
      {
        body: {
          campaign,
          recipients: {
            items: [
              { cstId: 10, name: 'Ana Souza', channel: 'email', to: 'ana@example.com', outcome: 'enviado', delivery: 'sent', error: null },
              { cstId: 11, name: 'Bia Lima', channel: null, to: null, outcome: 'recusa', delivery: null, error: null },
            ],
            total: 2,
            page: 1,
            pageSize: 20,
          },
        },
      },
      { params: { id: 3 } },
    ),
  ]);
  const view = renderWithProviders(<MarketingScreen />, { session: sessionFor(['v2menufiltro']), modals: true, notifications: true });
  return { api, creates, ...view };
}

describe('/marketing', { timeout: 30_000 }, () => {
  it('shows the history with its counts; a campaign opens its recipients and their outcome; no serious axe violation', async () => {
    const { container, user } = setup();
    const row = (await screen.findByText('Convite do jantar')).closest('tr')!;
    expect(within(row).getByText('Preferência de cada associado')).toBeInTheDocument();
    expect(within(row).getByText('Concluída')).toBeInTheDocument();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Ver destinatários: Convite do jantar' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ana Souza')).toBeInTheDocument();
    expect(within(dialog).getByText('Enviada')).toBeInTheDocument();
    expect(within(dialog).getByText('Recusa campanhas')).toBeInTheDocument();
  });

  it('previews the counts and the first recipients, then sends after a confirmation naming the count (one idempotency key)', async () => {
    const { creates, user } = setup();
    await screen.findByText('Convite do jantar');
    await user.type(screen.getByLabelText(/Nome da campanha/), 'Convite');
    await user.click(screen.getByLabelText('Filtro salvo', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Sócios ativos' }));
    expect(screen.getByRole('button', { name: 'Pré-visualizar' })).toBeDisabled();
    await user.click(screen.getByLabelText('Modelo de E-mail', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'CONVITE' }));
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Pré-visualizar' }));
    expect(await screen.findByText('3 associados serão alcançados')).toBeInTheDocument();
    expect(screen.getByText('Sem e-mail: 1')).toBeInTheDocument();
    expect(screen.getByText('Recusa campanhas: 1')).toBeInTheDocument();
    expect(screen.getByText('Olá, Ana Souza!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(/Deseja enviar a campanha "Convite" para 3 associados\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]!.body).toMatchObject({ name: 'Convite', filterId: 7, channel: 'email', templates: { email: 1 } });
    expect((creates[0]!.body as { idempotencyKey: string }).idempotencyKey.length).toBeGreaterThanOrEqual(8);
  });
});
