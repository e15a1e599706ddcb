import { authContracts, menuContracts, feriadoContracts } from '@assoc/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from './sessionMarks';

afterEach(() => sessionMarks.clear());

const natal = { ferId: 1, ferDia: '2030-12-25', ferDescricao: 'Natal', version: 1 };

function setup() {
  mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menufinanceiro']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(feriadoContracts.list, { body: [natal] }),
  ]);
  return renderApp('/feriados');
}

/** The calendar of the date field (Mantine marks its dropdown data-dates-dropdown). */
const calendar = () => document.querySelector('[data-dates-dropdown]');
/** The footer's Fechar (the header's × may carry the same name). */
const closeButton = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('button', { name: 'Fechar' })
    .find((b) => b.textContent === 'Fechar')!;
const dialog = (name: string) => screen.queryByRole('dialog', { name });

// The /feriados modal as a user meets it: the shared FormModal with a date field first.
describe('form modal (Feriado)', { timeout: 45_000 }, () => {
  it('opens with the date focused but the calendar closed (new and edit); a click on the box or its button opens it', async () => {
    const { user } = setup();
    await screen.findByText('Natal');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const modal = await screen.findByRole('dialog', { name: 'Feriado' });
    const date = within(modal).getByLabelText(/Data/, { selector: 'input' });
    await waitFor(() => expect(date).toHaveFocus());
    expect(calendar()).toBeNull();
    // Description and Ok are reachable at once.
    await user.click(within(modal).getByLabelText(/Descrição/));
    expect(within(modal).getByLabelText(/Descrição/)).toHaveFocus();
    expect(calendar()).toBeNull();

    await user.click(within(modal).getByRole('button', { name: 'Abrir calendário' }));
    await waitFor(() => expect(calendar()).not.toBeNull());
    await user.click(closeButton(modal));
    await waitFor(() => expect(dialog('Feriado')).toBeNull());

    await user.click(within(screen.getByText('Natal').closest('tr')!).getByRole('button', { name: 'Editar' }));
    const edit = await screen.findByRole('dialog', { name: 'Feriado' });
    expect(within(edit).getByLabelText(/Data/, { selector: 'input' })).toHaveValue('25/12/2030');
    expect(calendar()).toBeNull();
    await user.click(within(edit).getByLabelText(/Data/, { selector: 'input' }));
    await waitFor(() => expect(calendar()).not.toBeNull());
  });

  it('Escape closes only the calendar, then the modal; typed text is kept until the user agrees to discard it', async () => {
    const { user } = setup();
    await screen.findByText('Natal');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const modal = await screen.findByRole('dialog', { name: 'Feriado' });
    await user.type(within(modal).getByLabelText(/Descrição/), 'Independência');
    const date = within(modal).getByLabelText(/Data/, { selector: 'input' });
    await user.click(date);
    await waitFor(() => expect(calendar()).not.toBeNull());

    // Escape meant for the calendar.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(dialog('Feriado')).not.toBeNull();
    expect(within(modal).getByLabelText(/Descrição/)).toHaveValue('Independência');

    // Escape on the modal with changes: asks; Escape on the question closes only the question.
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    expect(within(question).getByText('As alterações deste formulário ainda não foram salvas e serão perdidas.')).toBeInTheDocument();
    fireEvent.keyDown(within(question).getByRole('button', { name: 'Continuar editando' }), { key: 'Escape' });
    await waitFor(() => expect(dialog('Descartar alterações?')).toBeNull());
    expect(dialog('Feriado')).not.toBeNull();
    expect(within(modal).getByLabelText(/Descrição/)).toHaveValue('Independência');

    // Fechar asks too; "Continuar editando" keeps the form, "Descartar" closes it.
    await user.click(closeButton(modal));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Continuar editando' }),
    );
    await waitFor(() => expect(dialog('Descartar alterações?')).toBeNull());
    expect(within(modal).getByLabelText(/Descrição/)).toHaveValue('Independência');
    await user.click(closeButton(modal));
    await user.click(within(await screen.findByRole('dialog', { name: 'Descartar alterações?' })).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(dialog('Feriado')).toBeNull());
  });

  it('closes at once without changes (Escape or Fechar)', async () => {
    const { user } = setup();
    await screen.findByText('Natal');
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const modal = await screen.findByRole('dialog', { name: 'Feriado' });
    await waitFor(() => expect(within(modal).getByLabelText(/Data/, { selector: 'input' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog('Feriado')).toBeNull());
    expect(dialog('Descartar alterações?')).toBeNull();
  });
});
