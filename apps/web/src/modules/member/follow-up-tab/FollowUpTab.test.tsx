import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMember, type FollowUpItemInput, type MemberInput } from '@assoc/domain';
import { mockApi } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import FollowUpTab from './FollowUpTab';

const EDITOR = ['v2userdadospessoaisview', 'v2userdadospessoais'];
const saved = (values: Partial<FollowUpItemInput>): FollowUpItemInput => ({
  atdId: 1,
  atdData: '2026-03-04T15:06:07.000Z',
  atdTipo: 2,
  atdDepartamento: 1,
  atdAssunto: 7,
  atdTitulo: 'Cobrança em duplicidade',
  atdCriadoPor: 'Carlos Atendente',
  atdStatus: 2,
  version: 1,
  operation: 'none',
  ...values,
});
const member = (rows: FollowUpItemInput[]): MemberInput =>
  ({
    ...emptyMember(),
    cstId: 101,
    custName: 'Maria da Silva',
    custBirthdate: '1970-05-10',
    custSex: 1,
    custEstadoCivil: 2,
    custCpf: '11144477735',
    custStatus: 'M',
    atendimentos: rows,
    version: 3,
  }) as MemberInput;

function Harness({ initial, roles, mode = 'edit' }: { initial: MemberInput; roles: string[]; mode?: MemberMode }) {
  return <MemberTabHarness tab={FollowUpTab} member={initial} roles={roles} mode={mode} cstId={101} />;
}
const rowsValue = () => formValues<{ atendimentos: FollowUpItemInput[] }>().atendimentos;

function setup(rows: FollowUpItemInput[], roles = EDITOR, mode?: MemberMode) {
  mockApi([]);
  return renderWithProviders(<Harness initial={member(rows)} roles={roles} mode={mode} />, { session: sessionFor(roles), modals: true });
}

describe('Acompanhamento tab', { timeout: 30_000 }, () => {
  it('lists the rows with the spec columns: UTC date, list names, author, status name and icon', async () => {
    setup([saved({})]);
    const table = screen.getByRole('table', { name: 'Atendimentos do associado' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 7)).toEqual(['Data', 'Tipo', 'Departamento', 'Assunto', 'Observação', 'Criado Por', 'Situação']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('04/03/2026 15:06:07')).toBeInTheDocument();
    expect(within(row).getByText('Reclamação')).toBeInTheDocument();
    expect(within(row).getByText('Atendimento')).toBeInTheDocument();
    expect(within(row).getByText('Taxas Cobranças')).toBeInTheDocument();
    expect(within(row).getByText('Carlos Atendente')).toBeInTheDocument();
    expect(within(row).getByText('Retornar')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Retornar' })).toBeInTheDocument();
  });

  it('adds a row at the top marked insert with the current user; deleting it removes it', async () => {
    const { user } = setup([saved({})]);
    await user.click(screen.getByRole('button', { name: 'Adicionar atendimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo atendimento' });
    await user.type(within(dialog).getByLabelText(/^Observação/, { selector: 'textarea' }), 'Quer mudar de plano');
    await user.click(within(dialog).getByLabelText(/^Assunto/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Plano de Saúde' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo atendimento' })).not.toBeInTheDocument());
    const rows = rowsValue();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      operation: 'insert',
      atdTitulo: 'Quer mudar de plano',
      atdAssunto: 5,
      atdStatus: 1,
      atdCriadoPor: 'Ana Superadmin',
    });
    expect(rows[1]).toMatchObject({ atdId: 1, operation: 'none' });
    await user.click(screen.getByRole('button', { name: 'Apagar atendimento Quer mudar de plano' }));
    expect(rowsValue()).toHaveLength(1);
  });

  it('edits a saved row (update), deletes it (stays, marked delete) and undoes the delete after a confirmation', async () => {
    const { user } = setup([saved({})]);
    await user.click(screen.getByRole('button', { name: 'Editar atendimento Cobrança em duplicidade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atendimento' });
    await user.click(within(dialog).getByLabelText(/^Situação/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Concluído' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(rowsValue()[0]).toMatchObject({ atdStatus: 3, operation: 'update', atdCriadoPor: 'Carlos Atendente' }));
    await user.click(screen.getByRole('button', { name: 'Apagar atendimento Cobrança em duplicidade' }));
    expect(rowsValue()[0]).toMatchObject({ atdId: 1, operation: 'delete' });
    await user.click(screen.getByRole('button', { name: 'Recuperar atendimento Cobrança em duplicidade' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsValue()[0]).toMatchObject({ operation: 'update' }));
  });

  it('read-only without v2userdadospessoais and in audit mode; a message without the view roles', async () => {
    const view = setup([saved({})], ['v2userdadospessoaisview']);
    expect(screen.getByText('Cobrança em duplicidade')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar atendimento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar atendimento/ })).not.toBeInTheDocument();
    view.unmount();
    const audit = setup([saved({})], EDITOR, 'audit');
    expect(screen.queryByRole('button', { name: 'Adicionar atendimento' })).not.toBeInTheDocument();
    audit.unmount();
    setup([saved({})], []);
    expect(screen.getByText('Sem permissão para ver os atendimentos.')).toBeInTheDocument();
  });
});
