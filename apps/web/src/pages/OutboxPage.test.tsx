import { authContracts, mailContracts, menuContracts } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
import { runAxe, seriousViolations } from '../test/axe';
import { sessionFor } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import OutboxPage from './OutboxPage';

const item = (id: number, status: string, extra = {}) => ({
  id,
  channel: 'email',
  to: `p${id}@exemplo.com.br`,
  subject: `Mensagem ${id}`,
  text: 'x',
  sensitive: false,
  status,
  attempts: 1,
  lastError: null,
  createdAt: '2025-03-10T13:00:00.000Z',
  sentAt: status === 'sent' ? '2025-03-10T13:00:05.000Z' : null,
  nextAttemptAt: '2025-03-10T13:00:00.000Z',
  userId: null,
  cstId: null,
  attachments: [],
  provider: null,
  providerMessageId: null,
  providerAnswer: null,
  ...extra,
});

function renderOutbox() {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor(['v2access', 'superadmin']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(mailContracts.outbox, ({ search }) => {
      const failed = new URLSearchParams(search).get('status') === 'failed';
      const items = failed
        ? [item(2, 'failed', { attempts: 5, lastError: '550 caixa inexistente' })]
        : [
            item(3, 'sent', {
              attachments: [
                { fileId: '0b6c9f3e-2a52-4d4e-9f0e-5d2b8f7a1c11', name: 'declaracao-vinculo.pdf', mimeType: 'application/pdf', size: 48_213 },
              ],
            }),
            item(2, 'failed', { attempts: 5, lastError: '550 caixa inexistente' }),
            item(1, 'pending', { sensitive: true, text: '(conteúdo protegido)' }),
            item(4, 'sent', {
              channel: 'sms',
              to: '+5561987654321',
              subject: '',
              provider: 'zenvia',
              providerMessageId: 'zen-7f3a',
              providerAnswer: { outcome: 'accepted', httpStatus: 200, code: null, reason: null, at: '2025-03-10T13:00:05.000Z' },
            }),
            item(5, 'failed', {
              channel: 'whatsapp',
              to: '+5561912345678',
              subject: 'cch_aprovado',
              lastError: '(#132001) Template name does not exist in the translation',
              provider: 'meta',
              providerAnswer: {
                outcome: 'rejected',
                httpStatus: 404,
                code: '132001',
                reason: '(#132001) Template name does not exist in the translation',
                at: '2025-03-10T13:00:05.000Z',
              },
            }),
          ];
      return { body: { items, total: items.length, page: 1, pageSize: 25 } };
    }),
  ]);
  return { api, ...renderWithProviders(<OutboxPage />, { path: '/outbox', session: sessionFor(['v2access', 'superadmin']) }) };
}

describe('/outbox (Avançado → Caixa de saída)', () => {
  it('lists the messages and filters by status', async () => {
    const { api, user } = renderOutbox();

    expect(await screen.findByRole('heading', { name: 'Caixa de saída' })).toBeInTheDocument();
    expect(await screen.findByText('p3@exemplo.com.br')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('Enviado')).toHaveLength(2);
    expect(within(table).getByText('Pendente')).toBeInTheDocument();
    // An attachment: its name opens the stored file (GET jobs/download/{fileId}).
    expect(within(table).getByRole('link', { name: 'declaracao-vinculo.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/jobs/download/0b6c9f3e-2a52-4d4e-9f0e-5d2b8f7a1c11',
    );
    // SMS and WhatsApp: the channel and the provider's answer (its id when accepted; else the HTTP status and its code).
    const sms = within(table).getByText('+5561987654321').closest('tr')!;
    expect(within(sms).getByText('SMS')).toBeInTheDocument();
    expect(within(sms).getByText('Zenvia: Aceita')).toBeInTheDocument();
    expect(within(sms).getByText('id zen-7f3a')).toBeInTheDocument();
    const whatsapp = within(table).getByText('+5561912345678').closest('tr')!;
    expect(within(whatsapp).getByText('WhatsApp')).toBeInTheDocument();
    expect(within(whatsapp).getByText('WhatsApp Cloud API: Recusada')).toBeInTheDocument();
    expect(within(whatsapp).getByText('HTTP 404 · 132001')).toBeInTheDocument();
    expect(within(whatsapp).getByText('(#132001) Template name does not exist in the translation')).toBeInTheDocument();
    // E-mails have no provider answer.
    expect(within(within(table).getByText('p3@exemplo.com.br').closest('tr')!).getAllByText('—').length).toBeGreaterThan(0);

    // A security e-mail is marked as protected (the server sends no body for it).
    expect(within(table).getByLabelText('(conteúdo protegido)')).toBeInTheDocument();

    await user.click(within(screen.getByRole('radiogroup', { name: 'Situação' })).getByText('Falhou'));
    expect(await screen.findByText('550 caixa inexistente')).toBeInTheDocument();
    await screen.findByText(/^1-1 de 1$/);
    expect(screen.queryByText('p3@exemplo.com.br')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.path + c.search).filter((p) => p.startsWith('outbox'))).toContain('outbox?page=1&pageSize=25&status=failed');
  });

  it('has no critical or serious axe violation with e-mails, SMS and WhatsApp listed (WCAG 2.1 A/AA)', async () => {
    renderOutbox();
    expect(await screen.findByText('Zenvia: Aceita')).toBeInTheDocument();
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
