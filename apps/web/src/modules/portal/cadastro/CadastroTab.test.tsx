import { genericMessages, portalContracts, portalEditableFields, portalMessages, type PortalRecord } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockReply } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { portalRecord } from '../test/fixtures';
import CadastroTab from './CadastroTab';

function setup(
  record: PortalRecord = portalRecord(),
  save: () => MockReply | Promise<MockReply> = () => ({ body: { cstId: 42, version: 4, message: portalMessages.saved } }),
) {
  const api = mockApi([mockContract(portalContracts.get, { body: record }, { params: { cstId: 42 } }), mockContract(portalContracts.save, save)]);
  const view = renderWithProviders(<CadastroTab />, { session: sessionFor(['v2portal'], { cstId: 42 }), notifications: true });
  return { api, ...view };
}

const panel = (name: string) => screen.getByRole('group', { name });
/** The form with every panel: the ones below the first screenful render after it is painted (useAfterFirstPaint). */
const formLoaded = async () => {
  await screen.findByText('Ana Portal Teste');
  await screen.findByRole('group', { name: 'Contato' });
};
/** A read-only value (spec 3 §5): the definition next to its term, no input. */
const readOnly = (container: HTMLElement, label: string) => {
  const term = within(container).getByText(label, { selector: 'dt' });
  expect(within(container).queryByRole('textbox', { name: label })).toBeNull();
  return term.nextElementSibling!.textContent;
};
const saveButton = () => screen.getByRole('button', { name: /Sem alterações|Salvar alterações realizadas|Existem campos inconsistentes/ });

describe('portal Cadastro', { timeout: 30_000 }, () => {
  it('shows personal and bank data read-only, e-mail and mobile editable, no automatic I.R. toggle nor maps button', async () => {
    setup();
    await formLoaded();
    const personal = panel('Dados pessoais');
    for (const [label, value] of [
      ['Nome', 'Ana Portal Teste'],
      ['CPF', '271.828.182-05'],
      ['Data de nascimento', '12/04/1975'],
      ['Estado civil', 'Casado(a)'],
      ['Sexo', 'Feminino'],
    ]) {
      expect(readOnly(personal, label!)).toBe(value);
    }
    expect(within(personal).getByRole('textbox', { name: 'E-mail' })).not.toHaveAttribute('readonly');
    expect(within(personal).getByRole('textbox', { name: 'Celular' })).toBeEnabled();
    const bank = panel('Dados bancários');
    expect(readOnly(bank, 'Agência')).toBe('0001-9');
    expect(readOnly(bank, 'Conta')).not.toBe('');
    expect(within(panel('Dados de magistrado')).getByRole('textbox', { name: 'Concurso' })).toHaveValue('183º');
    // Spec 3 §6: v2portal has neither the automatic I.R. toggle nor the maps button; the forum address is read-only.
    expect(screen.queryByText('I.R. por e-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mapa' })).toBeNull();
    expect(readOnly(panel('Endereço do fórum'), 'Logradouro')).not.toBe('—');
    expect(within(panel('Endereço residencial')).getByRole('textbox', { name: 'CEP' })).toBeEnabled();
    expect(within(panel('Contato')).getByRole('textbox', { name: 'Nome do contato' })).toHaveValue('Carlos Contato');
  });

  it('leaves the forum address out for a member who is not active', async () => {
    setup(portalRecord({ custStatus: 'V', enderecoForum: null }));
    await formLoaded();
    expect(screen.queryByRole('group', { name: 'Endereço do fórum' })).toBeNull();
  });

  it('the save button says Sem alterações, Salvar alterações realizadas, Existem campos inconsistentes with the staff record message', async () => {
    const { user } = setup();
    await formLoaded();
    expect(saveButton()).toHaveTextContent(portalMessages.saveUnchanged);
    expect(saveButton()).toBeDisabled();
    const email = within(panel('Dados pessoais')).getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'nova@example.com');
    expect(saveButton()).toHaveTextContent(portalMessages.saveChanged);
    expect(saveButton()).toBeEnabled();
    await user.clear(email);
    await user.type(email, 'sem-arroba');
    await user.tab();
    expect(saveButton()).toHaveTextContent(portalMessages.saveInvalid);
    expect(saveButton()).toBeDisabled();
    expect(await screen.findByText(genericMessages.email)).toBeInTheDocument();
    const cep = within(panel('Endereço comercial')).getByRole('textbox', { name: 'CEP' });
    await user.clear(email);
    await user.type(email, 'ana@example.com');
    await user.clear(cep);
    await user.type(cep, '0131');
    await user.tab();
    expect(await screen.findByText(genericMessages.exactLength(8))).toBeInTheDocument();
    expect(saveButton()).toHaveTextContent(portalMessages.saveInvalid);
  });

  it('saves only the editable fields behind the blocking dialog, then the success toast', async () => {
    let release: (reply: MockReply) => void = () => {};
    const { user, api } = setup(portalRecord(), () => new Promise<MockReply>((resolve) => (release = resolve)));
    await formLoaded();
    const concurso = within(panel('Dados de magistrado')).getByRole('textbox', { name: 'Concurso' });
    await user.clear(concurso);
    await user.type(concurso, '200');
    await user.click(saveButton());
    expect(await screen.findByText(portalMessages.saving)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(portalContracts.save)).toHaveLength(1));
    const body = api.callsTo(portalContracts.save)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ version: 3, custConcurso: '200', custEmail: 'ana@example.com', enderecoSelected: 1 });
    // The whole form is sent: every field the portal may edit (the domain's whitelist), with the version, nothing else.
    expect(Object.keys(body).sort()).toEqual(['version', ...portalEditableFields].sort());
    release({ body: { cstId: 42, version: 4, message: portalMessages.saved } });
    expect(await screen.findByText(portalMessages.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(portalMessages.saving)).toBeNull());
  });

  it('the member opts out of campaigns with the Recusa campanhas switch, saved with the others', async () => {
    const { api, user } = setup();
    await formLoaded();
    expect(saveButton()).toHaveTextContent('Sem alterações');
    const optOut = within(panel('Opções')).getByRole('switch', { name: 'Recusa campanhas' });
    expect(optOut).not.toBeChecked();
    await user.click(optOut);
    expect(optOut).toBeChecked();
    expect(saveButton()).toHaveTextContent('Salvar alterações realizadas');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo(portalContracts.save)).toHaveLength(1));
    expect(api.callsTo(portalContracts.save)[0]!.body).toMatchObject({ version: 3, custRecusaCampanhas: true });
    expect(await screen.findByText(portalMessages.saved)).toBeInTheDocument();
  });

  it('a 409 shows the conflict with Recarregar; another failure the spec error', async () => {
    let status = 409;
    const { user } = setup(portalRecord(), () => ({ status, body: { message: status === 409 ? genericMessages.staleRecord : 'falhou' } }));
    await formLoaded();
    const concurso = within(panel('Dados de magistrado')).getByRole('textbox', { name: 'Concurso' });
    await user.type(concurso, '1');
    await user.click(saveButton());
    expect(await screen.findByText(genericMessages.staleRecord)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    status = 500;
    await user.click(saveButton());
    expect(await screen.findByText(portalMessages.saveFailed)).toBeInTheDocument();
  });

  it('has no serious axe violation', async () => {
    const { container } = setup();
    await formLoaded();
    expect(seriousViolations(await runAxe(container))).toEqual([]);
  });
});
