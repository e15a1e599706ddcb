import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  cchContracts,
  emptyMember,
  memberMessages,
  type MemberInput,
  memberServiceContracts,
  serviceContracts,
  memberContracts,
} from '@assoc/domain';
import { balanceOf } from '../../cch/test/fixtures';
import { READ_ONLY_FIELD_CLASS } from '../../../app/theme';
import { mockApi, mockContract } from '../../../test/api-mock';
import { dataCache, serviceRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import DependentsTab from './DependentsTab';

const ALL = ['v2depadd', 'v2depview', 'v2depdelete', 'v2depedit', 'v2depservicoview', 'v2depservicoedit', 'v2userdadosassoc'];
const DATACACHE = dataCache({ positions: [{ afcId: 1, afcCargo: 'Presidente' }] });

const health = { cslId: 31, svcId: 400, svcName: 'Plano Enfermaria', valor: 30000, operation: 'none' as const };
function member(): MemberInput {
  return {
    ...emptyMember(),
    cstId: 101,
    version: 3,
    parentFilhos: [
      {
        cstId: 201,
        custName: 'Ana Clara Souza',
        custParentesco: 2,
        custBirthdate: '2010-03-04',
        custSex: 1,
        custCpf: null,
        usuarioServicos: [health],
        operation: 'none',
      },
      {
        cstId: 202,
        custName: 'Bruno Souza',
        custParentesco: 1,
        custBirthdate: '1972-11-20',
        custSex: 0,
        custCpf: '11144477735',
        usuarioServicos: [],
        operation: 'none',
      },
    ],
  } as MemberInput;
}

function Harness({ roles, mode, diffs, inView }: { roles: string[]; mode: MemberMode; diffs: ReadonlySet<string>; inView: number | null }) {
  return <MemberTabHarness tab={DependentsTab} member={member()} roles={roles} mode={mode} diffs={diffs} cstId={101} dependentInView={inView} />;
}

const plan = serviceRow({ svcId: 400, sucId: 40, svcName: 'Plano Enfermaria', svcValor: 30000 });
const SERVICE_ROUTES = [
  mockContract(memberServiceContracts.plugins, { body: [] }),
  mockContract(serviceContracts.listSuppliers, { body: [{ supId: 7, supName: 'Operadora de Saúde', version: 1 }] }),
  mockContract(
    serviceContracts.listProducts,
    { body: [{ sucId: 40, supId: 7, sucName: 'Plano de saúde', sucHealth: true, sucMudaFaixa: false, version: 1 }] },
    { params: { supId: 7 } },
  ),
  mockContract(serviceContracts.listServices, { body: [plan] }, { params: { sucId: 40 } }),
];

function setup({ roles = ALL, mode = 'edit' as MemberMode, diffs = new Set<string>(), inView = null as number | null } = {}) {
  mockApi([mockContract(memberContracts.dataCache, { body: DATACACHE }), ...SERVICE_ROUTES]);
  return renderWithProviders(<Harness roles={roles} mode={mode} diffs={diffs} inView={inView} />, { modals: true, notifications: true });
}
const rows = () => formValues<{ parentFilhos: { cstId: number; custName: string; operation: string }[] }>().parentFilhos;
const table = () => screen.getByRole('table', { name: 'Dependentes' });

describe('Dependentes tab (spec 1 §2, §5, §6)', { timeout: 90_000 }, () => {
  it('lists Nome, Parentesco and Aniversário (DD/MM) and expands a row to its services', async () => {
    const { user } = setup();
    const body = within(table());
    expect(body.getByRole('columnheader', { name: 'Nome' })).toBeTruthy();
    expect(body.getByText('Ana Clara Souza')).toBeTruthy();
    expect(body.getByText('Filho(a)')).toBeTruthy();
    expect(body.getByText('04/03')).toBeTruthy();
    expect(body.getByText('Cônjuge')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Serviços de Ana Clara Souza' }));
    const services = screen.getByRole('table', { name: 'Serviços de Ana Clara Souza' });
    expect(within(services).getByText('Plano Enfermaria')).toBeTruthy();
    expect(within(services).getByText(/300,00/)).toBeTruthy();
  });

  it('adds a dependent through the modal, with the rules and messages of spec 1 §5', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar dependente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar dependente' });
    expect(within(dialog).getByRole('tab', { name: 'Dependente' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Serviços' })).toBeTruthy();
    const name = within(dialog).getByLabelText(/^Nome/, { selector: 'input' });
    await user.type(name, 'Ana');
    await user.tab();
    expect(await within(dialog).findByText('Tamanho mínimo de 5 caracteres')).toBeTruthy();
    await user.type(name, ' Beatriz');
    await user.click(within(dialog).getByLabelText(/^Parentesco/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Filho(a)' }));
    await user.click(within(dialog).getByLabelText(/^Sexo/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Feminino' }));
    await user.type(within(dialog).getByLabelText(/^Nascimento/, { selector: 'input' }), '04/05/2015');
    const cpf = within(dialog).getByLabelText(/^CPF/, { selector: 'input' });
    await user.type(cpf, '12345678900');
    await user.tab();
    expect(await within(dialog).findByText('CPF Inválido')).toBeTruthy();
    await user.clear(cpf);
    await user.type(cpf, '52998224725');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar dependente' })).toBeNull());
    expect(rows()[2]).toMatchObject({
      custName: 'Ana Beatriz',
      custCpf: '52998224725',
      custBirthdate: '2015-05-04',
      custSex: 1,
      operation: 'insert',
    });
    expect(rows()[2]!.cstId).toBeLessThan(0);
  });

  it('edits a row by clicking it (marked update) and refuses to delete a dependent with services', async () => {
    const { user } = setup();
    await user.click(within(table()).getByText('Bruno Souza'));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Nome/, { selector: 'input' });
    await user.clear(name);
    await user.type(name, 'Bruno Souza Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()[1]).toMatchObject({ cstId: 202, custName: 'Bruno Souza Lima', operation: 'update' });

    await user.click(screen.getByRole('button', { name: 'Apagar Ana Clara Souza' }));
    expect(await screen.findByText(memberMessages.dependentHasServices)).toBeTruthy();
    expect(rows()[0]!.operation).toBe('none');

    await user.click(screen.getByRole('button', { name: 'Apagar Bruno Souza Lima' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rows()[1]!.operation).toBe('delete'));
    // Still listed, restorable.
    await user.click(screen.getByRole('button', { name: 'Recuperar Bruno Souza Lima' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rows()[1]!.operation).toBe('update'));
  });

  it("adds a service to a dependent in the modal's Serviços tab (the row marked update, its service insert)", async () => {
    const { user } = setup();
    await user.click(within(table()).getByText('Bruno Souza'));
    const dialog = await screen.findByRole('dialog');
    // A changed modal: its Ok is enabled, so a submit of the service's modal reaching it would close it.
    await user.type(within(dialog).getByLabelText(/^Nome/, { selector: 'input' }), ' Lima');
    await user.click(within(dialog).getByRole('tab', { name: 'Serviços' }));
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar serviço' }));
    const add = await screen.findByRole('dialog', { name: 'Adicionar serviço' });
    const pick = async (label: string, option: string) => {
      await user.click(within(add).getByLabelText(label, { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Fornecedor', 'Operadora de Saúde');
    await pick('Produto', 'Plano de saúde');
    await pick('Serviço', 'Plano Enfermaria');
    await user.click(within(add).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar serviço' })).toBeNull());
    const services = within(screen.getByRole('dialog')).getByRole('table', { name: 'Serviços' });
    expect(within(services).getByText('Plano Enfermaria')).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()[1]).toMatchObject({
      cstId: 202,
      custName: 'Bruno Souza Lima',
      operation: 'update',
      usuarioServicos: [{ svcId: 400, operation: 'insert' }],
    });
  });

  it('is read only without the edit roles, hides the services without their view role', async () => {
    const { user } = setup({ roles: ['v2depview'] });
    expect(screen.queryByRole('button', { name: 'Adicionar dependente' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Apagar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Serviços de/ })).toBeNull();
    await user.click(within(table()).getByText('Bruno Souza'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('tab', { name: 'Serviços' })).toBeNull();
    expect((within(dialog).getByLabelText(/^Nome/, { selector: 'input' }) as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Ok' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('makes the association panel read only without v2userdadosassoc', async () => {
    const { user } = setup({ roles: ALL.filter((r) => r !== 'v2userdadosassoc') });
    await user.click(within(table()).getByText('Bruno Souza'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/^Nome/, { selector: 'input' }) as HTMLInputElement).readOnly).toBe(false);
    expect((within(dialog).getByLabelText('Cargo 1', { selector: 'input' }) as HTMLInputElement).readOnly).toBe(true);
    // Issue 22 item 22: and it looks read only (a grey box without the list's arrow, accessibility.css), Nome does not.
    const fieldOf = (input: HTMLElement) => input.closest('.mantine-InputWrapper-root');
    expect(fieldOf(within(dialog).getByLabelText('Cargo 1', { selector: 'input' }))).toHaveClass(READ_ONLY_FIELD_CLASS);
    expect(fieldOf(within(dialog).getByLabelText(/^Nome/, { selector: 'input' }))).not.toHaveClass(READ_ONLY_FIELD_CLASS);
  });

  it('draws the association panel as editable with v2userdadosassoc', async () => {
    const { user } = setup();
    await user.click(within(table()).getByText('Bruno Souza'));
    const dialog = await screen.findByRole('dialog');
    const cargo = within(dialog).getByLabelText('Cargo 1', { selector: 'input' });
    expect(cargo.closest('.mantine-InputWrapper-root')).not.toHaveClass(READ_ONLY_FIELD_CLASS);
  });

  it('audit mode: read only, changed fields highlighted; the dependent opened from the search is highlighted and expanded', async () => {
    // Audit paths name rows by id (domain audit-paths.ts): Bruno is cstId 202, Ana's health plan cslId 31.
    const diffs = new Set([
      'parentFilhos',
      'parentFilhos.202',
      'parentFilhos.202.custName',
      'parentFilhos.201',
      'parentFilhos.201.usuarioServicos',
      'parentFilhos.201.usuarioServicos.31',
      'parentFilhos.201.usuarioServicos.31.valor',
    ]);
    const { user } = setup({ mode: 'audit', diffs, inView: 201 });
    expect(screen.queryByRole('button', { name: 'Adicionar dependente' })).toBeNull();
    const inView = table().querySelector('[data-in-view]');
    expect(inView?.textContent).toContain('Ana Clara Souza');
    const services = screen.getByRole('table', { name: 'Serviços de Ana Clara Souza' });
    // Changed rows carry data-changed and a text cue, not colour only.
    const changedRow = within(services).getByText('Plano Enfermaria').closest('tr')!;
    expect(changedRow.getAttribute('data-changed')).toBe('true');
    expect(within(changedRow).getByText('(alterado)')).toBeTruthy();
    const bruno = within(table()).getByText('Bruno Souza').closest('tr')!;
    expect(bruno.getAttribute('data-changed')).toBe('true');
    expect(within(bruno).getByText('(alterado)')).toBeTruthy();
    await user.click(within(table()).getByText('Bruno Souza'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Nome/, { selector: 'input' }).getAttribute('data-changed')).toBe('true');
  });

  it('says so without the view role', () => {
    setup({ roles: [] });
    expect(screen.getByText('Sem permissão para ver os dependentes.')).toBeTruthy();
  });

  it("'CCH - Novo' on a saved dependent (v2menucch) opens the request modal for that dependent, whose balance it asks", async () => {
    const api = mockApi([
      mockContract(memberContracts.dataCache, { body: DATACACHE }),
      ...SERVICE_ROUTES,
      mockContract(cchContracts.plans, { body: [{ label: 'Unimed', value: 21 }] }),
      mockContract(cchContracts.balance, { body: balanceOf() }),
    ]);
    const { user } = renderWithProviders(<Harness roles={[...ALL, 'v2menucch']} mode="edit" diffs={new Set()} inView={null} />, {
      modals: true,
      notifications: true,
    });
    await user.click(screen.getByRole('button', { name: 'CCH - Novo: Ana Clara Souza' }));
    expect(await screen.findByRole('dialog', { name: 'CCH - Novo' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo(cchContracts.balance, { cstId: 201 }).length).toBeGreaterThan(0));
  });

  it("shows no 'CCH - Novo' without v2menucch", () => {
    setup();
    expect(screen.queryByRole('button', { name: /^CCH - Novo/ })).toBeNull();
  });
});
