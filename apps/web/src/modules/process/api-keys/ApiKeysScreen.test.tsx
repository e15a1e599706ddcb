import { processContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@assoc/domain';
import ChavesApiPage from '../../../pages/ChavesApiPage';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';

const session = sessionFor(['v2access', 'superadmin']);
const active = {
  id: 1,
  nome: 'Integração TJ',
  prefixo: 'ak_3f9a',
  criadaEm: '2026-03-10T13:05:00.000Z',
  criadaPor: 'Ana Lima',
  ultimoUso: null,
  revogadaEm: null,
};
const revoked = {
  ...active,
  id: 2,
  nome: 'Antiga',
  prefixo: 'ak_0001',
  ultimoUso: '2026-03-11T10:00:00.000Z',
  revogadaEm: '2026-03-12T10:00:00.000Z',
};

describe('/chavesapi (Chaves de API)', () => {
  it('lists the keys, creates one shown once with its copy button, and revokes after confirmation', async () => {
    let list: ApiKey[] = [active, revoked];
    const api = mockApi([
      mockContract(processContracts.apiKeys, () => ({ body: list })),
      mockContract(processContracts.createApiKey, () => {
        const made = { ...active, id: 3, nome: 'Robô', prefixo: 'ak_beef' };
        list = [...list, made];
        return { status: 201, body: { ...made, chave: 'ak_beef.segredo-em-claro' } };
      }),
      mockContract(
        processContracts.revokeApiKey,
        () => {
          list = list.map((k) => (k.id === 1 ? { ...k, revogadaEm: '2026-03-13T10:00:00.000Z' } : k));
          return { status: 204 };
        },
        { params: { id: 1 } },
      ),
    ]);
    const { user } = renderWithProviders(<ChavesApiPage />, { path: '/chavesapi', session, modals: true, notifications: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Chaves de API' })).toBeInTheDocument();
    const row = (await screen.findByText('Integração TJ')).closest('tr')!;
    expect(within(row).getByText('10/03/2026 10:05 · Ana Lima')).toBeInTheDocument();
    expect(within(row).getByText('Nunca usada')).toBeInTheDocument();
    const old = screen.getByText('Antiga').closest('tr')!;
    expect(within(old).getByText('12/03/2026 07:00')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nova chave' }));
    const form = await screen.findByRole('dialog', { name: 'Nova chave' });
    await user.type(within(form).getByRole('textbox', { name: /Nome/ }), 'Robô');
    await user.click(within(form).getByRole('button', { name: 'Ok' }));
    const shown = await screen.findByRole('dialog', { name: 'Chave de API criada' });
    expect(within(shown).getByText('ak_beef.segredo-em-claro')).toBeInTheDocument();
    expect(within(shown).getByText('Copie a chave agora: ela não será mostrada novamente.')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copiar chave' })).toBeInTheDocument();
    expect(api.callsTo(processContracts.createApiKey)[0]!.body).toEqual({ nome: 'Robô' });
    await user.click(
      within(shown)
        .getAllByRole('button', { name: 'Fechar' })
        .find((b) => b.textContent === 'Fechar')!,
    );
    await waitFor(() => expect(screen.queryByText('ak_beef.segredo-em-claro')).not.toBeInTheDocument());
    expect(await screen.findByText('Robô')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Revogar Integração TJ' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revogar chave de API' });
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(processContracts.revokeApiKey, { id: 1 })).toHaveLength(1));
    await waitFor(() =>
      expect(within(screen.getByText('Integração TJ').closest('tr')!).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument(),
    );
  });
});
