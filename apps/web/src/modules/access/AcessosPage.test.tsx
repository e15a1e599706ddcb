import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roleCatalogue } from '@assoc/domain';
import { mockApi } from '../../test/api-mock';
import { sessionFor } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { sessionMarks } from '../ui/crud/sessionMarks';

beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});
afterEach(() => sessionMarks.clear());

describe('/acessos: profile form role picker', () => {
  it('searches the catalogue by description and sends the picked role names', async () => {
    let posted: unknown;
    mockApi({
      'GET session': { body: sessionFor(['v2access', 'superadmin']) },
      'GET tree': { body: [] },
      'GET acessos/usuarios': { body: [] },
      'GET acessos/perfis': { body: [] },
      'POST acessos/perfis': (request) => {
        posted = request.body;
        return { body: { permId: 9, name: 'Financeiro', description: '', roles: ['v2menufinanceiro'], userCount: 0 } };
      },
    });
    const { user } = renderApp('/acessos');
    expect(await screen.findByRole('tab', { name: 'Usuários' })).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Perfis' }));
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Perfil' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Financeiro');

    const picker = within(dialog).getByPlaceholderText('Pesquisar papel');
    await user.click(picker);
    await user.type(picker, 'cobrança, fechamento');
    const option = await screen.findByRole('option', { name: new RegExp(roleCatalogue.v2menufinanceiro.replace(/[()]/g, '.')) });
    expect(option).toHaveTextContent('v2menufinanceiro');
    await user.click(option);

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(posted).toEqual({ name: 'Financeiro', description: '', roles: ['v2menufinanceiro'] }));
  });
});
