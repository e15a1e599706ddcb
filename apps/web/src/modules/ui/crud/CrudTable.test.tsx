import { authContracts, menuContracts, feriadoContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from './sessionMarks';

afterEach(() => sessionMarks.clear());

const roles = [...staffRoles, 'v2menufinanceiro'];
const natal = { ferId: 1, ferDia: '2030-12-25', ferDescricao: 'Natal', version: 1 };
const tiradentes = { ferId: 2, ferDia: '2030-04-21', ferDescricao: 'Tiradentes', version: 1 };

function setup(routes: MockRoute[] = []) {
  let rows = [natal, tiradentes];
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor(roles) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(feriadoContracts.list, () => ({ body: rows })),
    mockContract(feriadoContracts.add, ({ body }) => {
      const row = { ...(body as typeof natal), ferId: 3, version: 1 };
      rows = [...rows, row];
      return { body: row };
    }),
    mockContract(
      feriadoContracts.update,
      ({ body }) => {
        const row = { ...(body as typeof natal), ferId: 1, version: 1 };
        rows = [row, ...rows.filter((r) => r.ferId !== 1)];
        return { body: row };
      },
      { params: { id: 1 } },
    ),
    mockContract(
      feriadoContracts.remove,
      () => {
        rows = rows.filter((r) => r.ferId !== 2);
        return { body: tiradentes };
      },
      { params: { id: 2 } },
    ),
    mockContract(
      feriadoContracts.update,
      ({ body }) => {
        const row = { ...(body as typeof natal), ferId: 2, version: 1 };
        rows = [...rows, row];
        return { body: row };
      },
      { params: { id: 2 } },
    ),
    ...routes,
  ]);
  return { api, ...renderApp('/feriados') };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = () => screen.getByRole('button', { name: 'Ok' });

describe('CrudTable (feriados)', () => {
  it('lists every row with formatted dates, sorts by a column and filters', async () => {
    const { user } = setup();
    expect(await screen.findByText('Natal')).toBeInTheDocument();
    const dates = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).queryByText(/\d{2}\/\d{2}\/\d{4}/)?.textContent);
    // Sorted by the first column (date) ascending.
    expect(dates()).toEqual(['21/04/2030', '25/12/2030']);
    await user.click(screen.getByText('Data'));
    expect(dates()).toEqual(['25/12/2030', '21/04/2030']);
    await user.type(screen.getByRole('textbox', { name: 'Filtrar' }), 'tiraden');
    expect(screen.queryByText('Natal')).not.toBeInTheDocument();
    expect(screen.getByText('Tiradentes')).toBeInTheDocument();
  });

  it('colours Ok red while invalid, amber once changed and valid, green when unchanged; adds and marks the row blue', async () => {
    const { user, api } = setup();
    await screen.findByText('Natal');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    expect(okButton()).toHaveAttribute('data-state', 'invalid');
    expect(okButton()).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/Data/), '07/09/2030');
    await user.type(within(dialog).getByLabelText(/Descrição/), 'I');
    await user.tab();
    expect(within(dialog).getByText('Tamanho mínimo de 2 caracteres')).toBeInTheDocument();
    expect(okButton()).toHaveAttribute('data-state', 'invalid');
    await user.type(within(dialog).getByLabelText(/Descrição/), 'ndependência');
    expect(okButton()).toHaveAttribute('data-state', 'changed');
    expect(okButton()).toBeEnabled();
    await user.click(okButton());

    expect(await screen.findByText('Registro adicionado com sucesso')).toBeInTheDocument();
    expect(api.callsTo(feriadoContracts.add)[0]!.body).toMatchObject({ ferDia: '2030-09-07', ferDescricao: 'Independência' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Feriado' })).not.toBeInTheDocument());
    const row = await screen.findByText('Independência');
    expect(row.closest('tr')).toHaveAttribute('data-marker', 'insert');
    expect(within(row.closest('tr')!).getByText('Novo')).toBeInTheDocument();
  });

  it('edit mode starts green (unchanged), updates and marks the row yellow', async () => {
    const { user } = setup();
    await screen.findByText('Natal');
    await user.click(within(rowOf('Natal')).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    expect(okButton()).toHaveAttribute('data-state', 'unchanged');
    expect(okButton()).toBeDisabled();
    const description = within(dialog).getByLabelText(/Descrição/);
    await user.clear(description);
    await user.type(description, 'Natal do Senhor');
    await user.click(okButton());
    expect(await screen.findByText('Registro atualizado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Natal do Senhor')).toHaveAttribute('data-marker', 'update'));
  });

  it('deletes after the confirmation, keeps the row in pink and recovers it after the other confirmation', async () => {
    const { user, api } = setup();
    await screen.findByText('Tiradentes');
    await user.click(within(rowOf('Tiradentes')).getByRole('button', { name: 'Apagar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apagando serviço' });
    expect(within(confirm).getByText('Tem certeza que deseja apagar o registro')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText('Registro apagado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Tiradentes')).toHaveAttribute('data-marker', 'delete'));
    expect(api.callsTo(feriadoContracts.remove, { id: 2 })).toHaveLength(1);

    await user.click(within(rowOf('Tiradentes')).getByRole('button', { name: 'Recuperar' }));
    const restore = await screen.findByRole('dialog', { name: 'Recuperando serviço' });
    expect(within(restore).getByText('Tem certeza que deseja recuperar o registro')).toBeInTheDocument();
    await user.click(within(restore).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowOf('Tiradentes')).toHaveAttribute('data-marker', 'update'));
    expect(api.callsTo(feriadoContracts.update, { id: 2 })[0]!.body).toMatchObject({ ferDia: '2030-04-21', ferDescricao: 'Tiradentes' });
  });

  it("shows the server's message on failure, else the generic one, and keeps the modal open", async () => {
    const { user } = setup([
      mockContract(feriadoContracts.add, { status: 409, body: { message: 'Já existe um feriado nesta data' } }),
      mockContract(feriadoContracts.update, { status: 500, body: {} }, { params: { id: 1 } }),
    ]);
    await screen.findByText('Natal');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    await user.type(within(dialog).getByLabelText(/Data/), '25/12/2030');
    await user.type(within(dialog).getByLabelText(/Descrição/), 'Outro Natal');
    await user.click(okButton());
    expect(await screen.findByText('Já existe um feriado nesta data')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Feriado' })).toBeInTheDocument();
    // The footer's Fechar (the header's × may carry the same name); unsaved changes: closing asks first.
    await user.click(screen.getAllByRole('button', { name: 'Fechar' }).find((b) => b.textContent === 'Fechar')!);
    await user.click(within(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Descartar' }));

    await user.click(within(rowOf('Natal')).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog', { name: 'Feriado' });
    await user.type(within(edit).getByLabelText(/Descrição/), '!');
    await user.click(okButton());
    expect(await screen.findByText('Não foi possível executar a solicitação com sucesso')).toBeInTheDocument();
  });
});
