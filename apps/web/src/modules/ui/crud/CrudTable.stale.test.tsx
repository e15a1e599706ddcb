import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { genericMessages, authContracts, menuContracts, feriadoContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from './sessionMarks';

afterEach(() => sessionMarks.clear());

const roles = [...staffRoles, 'v2menufinanceiro'];
const stale = { status: 409, body: { message: genericMessages.staleRecord } };

/**
 * Lost updates (decision 5): the server holds the rows; `otherUser` changes one behind the screen's
 * back, so the screen's next save or delete names an old version and gets 409.
 */
function setup() {
  let rows = [
    { ferId: 1, ferDia: '2030-12-25', ferDescricao: 'Natal', version: 1 },
    { ferId: 2, ferDia: '2030-04-21', ferDescricao: 'Tiradentes', version: 1 },
  ];
  const current = (id: number) => rows.find((r) => r.ferId === id)!;
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor(roles) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(feriadoContracts.list, () => ({ body: rows })),
    mockContract(
      feriadoContracts.update,
      ({ body }) => {
        const sent = body as (typeof rows)[number];
        if (sent.version !== current(1).version) return stale;
        const row = { ...sent, ferId: 1, version: sent.version + 1 };
        rows = rows.map((r) => (r.ferId === 1 ? row : r));
        return { body: row };
      },
      { params: { id: 1 } },
    ),
    mockContract(feriadoContracts.remove, () => stale, { params: { id: 2 } }),
  ]);
  const otherUser = (id: number, change: Partial<(typeof rows)[number]>) => {
    rows = rows.map((r) => (r.ferId === id ? { ...r, ...change, version: r.version + 1 } : r));
  };
  return { api, otherUser, ...renderApp('/feriados') };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = () => screen.getByRole('button', { name: 'Ok' });

describe('CrudTable: a save over a newer version (409)', () => {
  it('keeps the form open with the message; Recarregar brings the fresh record, which then saves with its version', async () => {
    const { user, api, otherUser } = setup();
    await screen.findByText('Natal');
    await user.click(within(rowOf('Natal')).getByRole('button', { name: 'Editar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    otherUser(1, { ferDescricao: 'Natal de Jesus' });

    const description = within(dialog).getByLabelText(/Descrição/);
    await user.clear(description);
    await user.type(description, 'Natal do Senhor');
    await user.click(okButton());

    expect(await within(dialog).findByText(genericMessages.staleRecord)).toBeInTheDocument();
    expect(api.callsTo(feriadoContracts.update, { id: 1 })[0]!.body).toMatchObject({ ferDescricao: 'Natal do Senhor', version: 1 });
    // Still open, with what the user typed.
    expect(screen.getByRole('dialog', { name: 'Feriado' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Descrição/)).toHaveValue('Natal do Senhor');

    await user.click(within(dialog).getByRole('button', { name: 'Recarregar' }));
    dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Descrição/)).toHaveValue('Natal de Jesus'));
    expect(within(dialog).queryByText(genericMessages.staleRecord)).not.toBeInTheDocument();

    const fresh = within(dialog).getByLabelText(/Descrição/);
    await user.clear(fresh);
    await user.type(fresh, 'Natal do Senhor');
    await user.click(okButton());
    expect(await screen.findByText('Registro atualizado com sucesso')).toBeInTheDocument();
    expect(api.callsTo(feriadoContracts.update, { id: 1 }).at(-1)!.body).toMatchObject({ ferDescricao: 'Natal do Senhor', version: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Feriado' })).not.toBeInTheDocument());
    expect(await screen.findByText('Natal do Senhor')).toBeInTheDocument();
  });

  it('a delete names the listed version (?version=); refused as stale, it says so and reloads the list', async () => {
    const { user, api } = setup();
    await screen.findByText('Tiradentes');
    const listsBefore = api.callsTo(feriadoContracts.list).length;
    await user.click(within(rowOf('Tiradentes')).getByRole('button', { name: 'Apagar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Apagando serviço' })).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(genericMessages.staleRecord)).toBeInTheDocument();
    const deleteUrl = api.fetchMock.mock.calls.map(([input]) => String(input)).find((url) => url.includes('feriados/2'));
    expect(deleteUrl).toMatch(/feriados\/2\?version=1$/);
    await waitFor(() => expect(api.callsTo(feriadoContracts.list).length).toBeGreaterThan(listsBefore));
    // Not marked as deleted: it is still there.
    expect(rowOf('Tiradentes')).toHaveAttribute('data-marker', 'none');
  });
});
