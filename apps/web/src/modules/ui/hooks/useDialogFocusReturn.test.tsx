import { authContracts, menuContracts, feriadoContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../crud/sessionMarks';

afterEach(() => sessionMarks.clear());

const natal = { ferId: 1, ferDia: '2030-12-25', ferDescricao: 'Natal', version: 1 };

function setup() {
  let rows = [natal];
  mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menufinanceiro']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(feriadoContracts.list, () => ({ body: rows })),
    mockContract(
      feriadoContracts.update,
      ({ body }) => {
        rows = [{ ...natal, ...(body as object), version: natal.version + 1 }];
        return { body: rows[0] };
      },
      { params: { id: 1 } },
    ),
  ]);
  return renderApp('/feriados');
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });
/** The footer's Fechar (the header's × carries the same name). */
const closeButton = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('button', { name: 'Fechar' })
    .find((b) => b.textContent === 'Fechar')!;

// Issue 22 item 16 (WCAG 2.4.3): the shared modals mount opened and unmount on close, so Mantine's own focus
// return never ran and the focus fell to the page's body.
describe('focus after a dialog closes', { timeout: 45_000 }, () => {
  it('goes back to the button that opened the modal: Escape, Fechar and Ok', async () => {
    const { user } = setup();
    await screen.findByText('Natal');

    const novo = screen.getByRole('button', { name: 'Novo' });
    novo.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Feriado' });
    await waitFor(() => expect(novo).not.toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog('Feriado')).toBeNull());
    await waitFor(() => expect(novo).toHaveFocus());

    const edit = within(screen.getByText('Natal').closest('tr')!).getByRole('button', { name: 'Editar' });
    edit.focus();
    await user.keyboard('{Enter}');
    let modal = await screen.findByRole('dialog', { name: 'Feriado' });
    await user.click(closeButton(modal));
    await waitFor(() => expect(dialog('Feriado')).toBeNull());
    await waitFor(() => expect(edit).toHaveFocus());

    edit.focus();
    await user.keyboard('{Enter}');
    modal = await screen.findByRole('dialog', { name: 'Feriado' });
    const description = within(modal).getByLabelText(/Descrição/);
    await user.clear(description);
    await user.type(description, 'Natal!');
    await user.click(within(modal).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(dialog('Feriado')).toBeNull());
    const row = (await screen.findByText('Natal!')).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Editar' })).toHaveFocus());
  });

  it('goes back to the opener when the discard question and its form close together', async () => {
    const { user } = setup();
    await screen.findByText('Natal');
    const novo = screen.getByRole('button', { name: 'Novo' });
    novo.focus();
    await user.keyboard('{Enter}');
    const modal = await screen.findByRole('dialog', { name: 'Feriado' });
    await user.type(within(modal).getByLabelText(/Descrição/), 'Independência');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    await user.click(within(question).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(dialog('Feriado')).toBeNull());
    await waitFor(() => expect(novo).toHaveFocus());
  });
});
