import { authContracts, mailContracts, menuContracts } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
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
  ...extra,
});

describe('/outbox (Avançado → Caixa de saída)', () => {
  it('lists the messages and filters by status', async () => {
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
            ];
        return { body: { items, total: items.length, page: 1, pageSize: 25 } };
      }),
    ]);
    const { user } = renderWithProviders(<OutboxPage />, { path: '/outbox', session: sessionFor(['v2access', 'superadmin']) });

    expect(await screen.findByRole('heading', { name: 'Caixa de saída' })).toBeInTheDocument();
    expect(await screen.findByText('p3@exemplo.com.br')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Enviado')).toBeInTheDocument();
    expect(within(table).getByText('Pendente')).toBeInTheDocument();
    // An attachment: its name opens the stored file (GET jobs/download/{fileId}).
    expect(within(table).getByRole('link', { name: 'declaracao-vinculo.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/jobs/download/0b6c9f3e-2a52-4d4e-9f0e-5d2b8f7a1c11',
    );
    // A security e-mail is marked as protected (the server sends no body for it).
    expect(within(table).getByLabelText('(conteúdo protegido)')).toBeInTheDocument();

    await user.click(within(screen.getByRole('radiogroup', { name: 'Situação' })).getByText('Falhou'));
    expect(await screen.findByText('550 caixa inexistente')).toBeInTheDocument();
    await screen.findByText(/^1-1 de 1$/);
    expect(screen.queryByText('p3@exemplo.com.br')).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.path + c.search).filter((p) => p.startsWith('outbox'))).toContain('outbox?page=1&pageSize=25&status=failed');
  });
});
