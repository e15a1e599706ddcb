import { cchContracts, cchMessages, memberContracts, portalMessages, searchContracts, type MemberAuditItem } from '@assoc/domain';
import { lazy } from 'react';
import { TextInput } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedFieldProps } from '../modules/member/changed-field';
import { memberTabPanels } from '../modules/member/member-tab-panels';
import type { MemberTabProps } from '../modules/member/member-tab.types';
import { mockApi, mockContract, type ContractReply, type MockRoute } from '../test/api-mock';
import { sessionFor, type MemberRecordReply } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import MemberPage from './MemberPage';

/** The real-time messages the screen listens to: the test delivers them (component tests open no socket). */
const realtimeHandlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../modules/realtime/RealtimeProvider', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../modules/realtime/RealtimeProvider')>()),
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void) => void realtimeHandlers.set(event, handler),
}));

/** A stand-in for the Usuário panel (its own issue's file): the name field, the mode and what the contract gives. */
function TestPanel({ form, mode, readOnly, canEdit, canView, diffs, dependentInView }: MemberTabProps) {
  return (
    <div>
      <TextInput label="Nome" {...form.textProps('custName')} readOnly={!canEdit('personal')} {...changedFieldProps(diffs, 'custName')} />
      <p>modo {mode}</p>
      <p>{readOnly ? 'somente leitura' : 'editável'}</p>
      {canView('billing') ? <p>cobrança visível</p> : null}
      {dependentInView !== null ? <p>dependente {dependentInView}</p> : null}
      <button type="button" onClick={() => form.setMany(validNewMember)}>
        Preencher
      </button>
      <button type="button" onClick={() => form.setValue('custStatus', '')}>
        Sem perfil
      </button>
    </div>
  );
}

const validNewMember = {
  custName: 'Carla Nova Silva',
  custBirthdate: '1980-05-04',
  custSex: 1 as const,
  custEstadoCivil: 2,
  custCpf: '52998224725',
  custStatus: 'M',
  custAssocSituacao: 1 as const,
  bankAccount: undefined,
  enderecoResidencial: undefined,
  enderecoComercial: undefined,
  enderecoForum: undefined,
  enderecoSelected: undefined,
};

const member: MemberRecordReply = {
  cstId: 12,
  parentId: null,
  custName: 'Maria Souza Lima',
  custBirthdate: '1970-01-02',
  custSex: 1,
  custEstadoCivil: 2,
  custCpf: '11144477735',
  custStatus: 'M',
  custAssocSituacao: 1,
  custSocio: 'N',
  custTitular: true,
  idade: 56,
  extratoDatas: [] as Array<{ value: number; label: string }>,
  irDatas: [] as Array<{ value: number; label: string }>,
  documentos: [{ scanId: 1, key: '0b7c7a2e-4f1d-4c3a-9e55-7d2f1a8b9c10', description: 'RG antigo', operation: 'none' }],
  version: 4,
};

const staff = [
  'v2access',
  'v2userallowaudit',
  'v2userallowupdate',
  'v2tabusuario',
  'v2tabdependente',
  'v2tablocalizacao',
  'v2tabextratos',
  'v2tabressarcimento',
  'v2eml',
  'v2userdadospessoais',
  'v2userdadospessoaisview',
];

const audits: MemberAuditItem[] = [
  { auditId: 7, ownerName: 'Ana Superadmin', ownerId: 1, ownerPhotoKey: null, auditTimestamp: '2026-03-10T13:05:09.000Z', action: 'update' },
  { auditId: 5, ownerName: 'Bruno Atendimento', ownerId: 2, ownerPhotoKey: null, auditTimestamp: '2026-03-01T09:00:00.000Z', action: 'insert' },
];

// The Usuário tab's real panel is its own issue's (and has its own tests): the shell is tested with a stand-in.
const registered = memberTabPanels[1];
const testPanel = lazy(async () => ({ default: TestPanel }));
beforeEach(() => {
  memberTabPanels[1] = testPanel;
});
afterEach(() => {
  memberTabPanels[1] = registered;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const mockMember = (extra: MockRoute[] = [], record: MemberRecordReply = member) =>
  mockApi([
    mockContract(memberContracts.get, { body: record }, { params: { cstId: 12 } }),
    mockContract(searchContracts.recordView, { body: [] }, { params: { cstId: 12 } }),
    mockContract(memberContracts.dataCache, { status: 404, body: { message: 'x' } }),
    ...extra,
  ]);

function openMember(roles = staff, state: unknown = { cstId: 12, parentId: null }) {
  return renderWithProviders(<MemberPage />, {
    path: '/associado',
    state,
    session: sessionFor(roles),
    notifications: true,
    routes: [{ path: '/', element: <p>Painel</p> }],
  });
}

const saveButton = (name: 'Salvar' | 'Adicionar' = 'Salvar') => screen.getByRole('button', { name });

describe('/associado (member record screen)', () => {
  it('without state is a new member: NOVO ASSOCIADO, Adicionar, no Auditoria nor Vínculo, nothing loaded', async () => {
    const api = mockMember();
    openMember([...staff, 'v2menunovoassociado'], null);
    expect(await screen.findByRole('heading', { level: 1, name: 'NOVO ASSOCIADO' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Auditoria' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vínculo Associativo' })).not.toBeInTheDocument();
    expect(await screen.findByText('modo insert')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('user') || c.path.startsWith('searchhistory'))).toEqual([]);
  });

  it('opened with a member: its name, Auditoria, Salvar (green and disabled while unchanged), and the view recorded', async () => {
    const api = mockMember();
    openMember();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Auditoria' })).toBeEnabled();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAttribute('data-ok-state', 'unchanged');
    expect(api.callsTo(searchContracts.recordView, { cstId: 12 })).toHaveLength(1);
    expect(await screen.findByText('modo edit')).toBeInTheDocument();
  });

  it('without the save and audit roles: no Salvar, no discard, no Auditoria; sections follow their roles', async () => {
    mockMember();
    openMember(['v2access', 'v2tabusuario', 'v2userdadospessoaisview', 'v2userdadoscobrançaview']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descartar alterações' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Auditoria' })).not.toBeInTheDocument();
    // View role only: the section is shown read only.
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveAttribute('readonly');
    expect(screen.getByText('cobrança visível')).toBeInTheDocument();
  });

  it('shows each tab only with its role and condition, each with its panel', async () => {
    mockMember();
    const { user, unmount } = openMember();
    await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' });
    const names = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
    // M with situation 1: Localização; no statement dates: no Extratos; no v2tabservicos: no Serviços;
    // Acompanhamento with the personal-data view role.
    expect(names()).toEqual(['Usuário', 'Dependentes', 'Localização', 'Ressarcimentos', 'Acompanhamento', 'E-Mail']);
    await user.click(screen.getByRole('tab', { name: 'Ressarcimentos' }));
    expect(await within(screen.getByRole('tabpanel')).findByRole('table', { name: 'Ressarcimentos do associado' })).toBeInTheDocument();
    unmount();

    mockMember([], { ...member, custStatus: 'V', extratoDatas: [{ value: -1, label: 'Atual' }] });
    openMember();
    await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' });
    expect(names()).toEqual(['Usuário', 'Dependentes', 'Extratos', 'Ressarcimentos', 'Acompanhamento', 'E-Mail']);
  });

  it('a dependent opened from the search opens the holder with the Dependentes tab and that dependent in view', async () => {
    const api = mockApi([
      mockContract(memberContracts.get, { body: member }, { params: { cstId: 12 } }),
      mockContract(searchContracts.recordView, { body: [] }, { params: { cstId: 30 } }),
    ]);
    openMember(staff, { cstId: 30, parentId: 12 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dependentes' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo(searchContracts.recordView, { cstId: 30 })).toHaveLength(1);
  });

  it('Salvar turns amber when changed and red when invalid; the changed tab shows the warning triangle; discard restores', async () => {
    mockMember();
    const { user } = openMember();
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Maria Souza Lima Alves');
    expect(saveButton()).toBeEnabled();
    expect(saveButton()).toHaveAttribute('data-ok-state', 'changed');
    expect(screen.getByRole('tab', { name: 'Usuário (alterações pendentes)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dependentes' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Ma');
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAttribute('data-ok-state', 'invalid');

    await user.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveValue('Maria Souza Lima');
    expect(saveButton()).toHaveAttribute('data-ok-state', 'unchanged');
    expect(screen.getByRole('tab', { name: 'Usuário' })).toBeInTheDocument();
  });

  it("Salvar: PUT user/12 with the version and without the screen's values, the blocking dialog, the toast, then /", async () => {
    let release: () => void = () => {};
    const api = mockMember([
      mockContract(
        memberContracts.update,
        () =>
          new Promise<ContractReply<typeof memberContracts.update>>(
            (resolve) => (release = () => resolve({ body: { cstId: 12, version: 5, message: 'ok' } })),
          ),
        { params: { cstId: 12 } },
      ),
    ]);
    const { user, router } = openMember();
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    await user.type(name, ' Alves');
    await user.click(saveButton());
    expect(await screen.findByText('Processando solicitação...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Atualização realizada com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = api.callsTo(memberContracts.update, { cstId: 12 })[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      cstId: 12,
      version: 4,
      custName: 'Maria Souza Lima Alves',
      documentos: [{ scanId: 1, key: '0b7c7a2e-4f1d-4c3a-9e55-7d2f1a8b9c10', description: 'RG antigo', operation: 'none' }],
    });
    for (const key of ['extratoDatas', 'irDatas', 'custTitular', 'idade']) expect(body).not.toHaveProperty(key);
  });

  it('a disabled Adicionar says why (issue 22 item 3): the first blocking field by its label, then the next one', async () => {
    mockApi([]);
    const { user } = openMember([...staff, 'v2menunovoassociado'], null);
    await screen.findByText('modo insert');
    expect(saveButton('Adicionar')).toBeDisabled();
    expect(saveButton('Adicionar')).toHaveAccessibleDescription('Nome: Campo obrigatório');
    expect(screen.getByText('Nome: Campo obrigatório')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Preencher' }));
    // Everything filled but Perfil (the Atendimento's blocker of the issue).
    await user.click(screen.getByRole('button', { name: 'Sem perfil' }));
    await waitFor(() => expect(saveButton('Adicionar')).toHaveAccessibleDescription('Perfil: Campo obrigatório'));
    await user.click(screen.getByRole('button', { name: 'Preencher' }));
    await waitFor(() => expect(saveButton('Adicionar')).toBeEnabled());
    expect(saveButton('Adicionar')).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/: Campo obrigatório$/)).not.toBeInTheDocument();
  });

  it('Adicionar: POST user/-1, then "Associado inserido com sucesso", the search history refreshed, and /', async () => {
    const api = mockApi([
      mockContract(memberContracts.insert, { body: { cstId: 99, version: 1, message: 'ok' } }, { params: { cstId: '-1' } }),
      mockContract(searchContracts.history, { body: [] }),
    ]);
    const { user, router, queryClient } = openMember([...staff, 'v2menunovoassociado'], null);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(await screen.findByRole('button', { name: 'Preencher' }));
    await waitFor(() => expect(saveButton('Adicionar')).toBeEnabled());
    await user.click(saveButton('Adicionar'));
    expect(await screen.findByText('Associado inserido com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo(memberContracts.insert, { cstId: '-1' })[0]!.body).toMatchObject({
      cstId: -1,
      custName: 'Carla Nova Silva',
      custCpf: '52998224725',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['GET', '/searchhistory'] });
  });

  it('a failed save shows the spec message with the server one, and its field errors under the fields', async () => {
    mockMember([
      mockContract(memberContracts.update, { status: 400, body: { message: 'custName: Tamanho mínimo de 5 caracteres' } }, { params: { cstId: 12 } }),
    ]);
    const { user, router } = openMember();
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    await user.type(name, ' Alves');
    await user.click(saveButton());
    expect(await screen.findByText('Tamanho mínimo de 5 caracteres')).toBeInTheDocument();
    expect(await screen.findByText('Ocorreu um erro para executar a operação solicitada')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/associado');
  });

  it('a 403 shows the server message', async () => {
    mockMember([
      mockContract(
        memberContracts.update,
        { status: 403, body: { message: 'Você não tem permissão para alterar: Dados pessoais' } },
        { params: { cstId: 12 } },
      ),
    ]);
    const { user } = openMember();
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), ' Alves');
    await user.click(saveButton());
    expect(await screen.findByText('Você não tem permissão para alterar: Dados pessoais')).toBeInTheDocument();
  });

  it('a save over a newer version (409) offers to reload, which brings the stored member back', async () => {
    let reads = 0;
    mockMember([
      mockContract(
        memberContracts.get,
        () => ({ body: { ...member, custName: reads++ === 0 ? member.custName : 'Maria Souza Lima Neves', version: 4 + reads } }),
        { params: { cstId: 12 } },
      ),
      mockContract(
        memberContracts.update,
        { status: 409, body: { message: 'Registro alterado por outro usuário. Recarregue para continuar.' } },
        { params: { cstId: 12 } },
      ),
    ]);
    const { user } = openMember();
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), ' Alves');
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registro alterado por outro usuário. Recarregue para continuar.');
    await user.click(within(alert).getByRole('button', { name: 'Recarregar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima Neves' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Nome' })).toHaveValue('Maria Souza Lima Neves');
    expect(screen.queryByText('Registro alterado por outro usuário. Recarregue para continuar.')).not.toBeInTheDocument();
  });

  it('the member saving their record in the portal (memberChanged) shows the notice with Recarregar; another member or an older version does not', async () => {
    let reads = 0;
    mockMember([
      mockContract(
        memberContracts.get,
        () => ({ body: { ...member, custName: reads++ === 0 ? member.custName : 'Maria Souza Lima Neves', version: 4 + Math.min(reads - 1, 1) } }),
        { params: { cstId: 12 } },
      ),
    ]);
    const { user } = openMember();
    await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' });
    const deliver = (payload: { cstId: number; version: number }) => act(() => realtimeHandlers.get('memberChanged')!(payload));
    deliver({ cstId: 13, version: 9 });
    deliver({ cstId: 12, version: 4 });
    expect(screen.queryByText(portalMessages.changedByMember)).not.toBeInTheDocument();
    deliver({ cstId: 12, version: 5 });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(portalMessages.changedByMember);
    await user.click(within(alert).getByRole('button', { name: 'Recarregar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima Neves' })).toBeInTheDocument();
    expect(screen.queryByText(portalMessages.changedByMember)).not.toBeInTheDocument();
  });

  it('Vínculo Associativo: download opens the declaration in a 642x930 popup; e-mail sends it', async () => {
    const api = mockMember([mockContract(memberContracts.emailBond, { body: { message: 'ok' } }, { params: { cstId: 12 } })]);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = openMember();
    await user.click(await screen.findByRole('button', { name: 'Vínculo Associativo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download' }));
    expect(open).toHaveBeenCalledWith('/api/v1/user/vinculo/12', '_blank', 'width=642,height=930');
    await user.click(screen.getByRole('button', { name: 'Vínculo Associativo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'E-mail' }));
    expect(await screen.findByText('Declaração de vínculo enviada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo(memberContracts.emailBond, { cstId: 12 })).toHaveLength(1);
  });

  it("'CCH - Novo' (v2menucch only) opens the CCH request modal for this member, asking its balances", async () => {
    mockMember();
    const first = openMember();
    await screen.findByRole('heading', { level: 1, name: 'Maria Souza Lima' });
    expect(screen.queryByRole('button', { name: 'CCH - Novo' })).not.toBeInTheDocument();
    first.unmount();

    const api = mockMember([
      mockContract(cchContracts.plans, { body: [{ label: 'Unimed', value: 21 }] }),
      mockContract(cchContracts.balance, { status: 404, body: { message: cchMessages.notEnrolled } }),
    ]);
    const { user } = openMember([...staff, 'v2menucch']);
    await user.click(await screen.findByRole('button', { name: 'CCH - Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'CCH - Novo' });
    expect(await within(dialog).findByText(cchMessages.notEnrolled)).toBeInTheDocument();
    expect(api.callsTo(cchContracts.balance, { cstId: 12 })).toHaveLength(1);
  });

  it('Vínculo Associativo items are disabled unless the situation is 1 or 2 and the status M or V', async () => {
    mockMember([], { ...member, custStatus: 'F' });
    const { user } = openMember();
    await user.click(await screen.findByRole('button', { name: 'Vínculo Associativo' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'E-mail' })).toBeDisabled();
  });
});

describe('/associado audit mode', () => {
  const version = { ...member, custName: 'Maria Souza', version: 2, fieldDiffs: ['custName'] };

  it('lists the changes, asks for a selection, shows the version read only with its changes highlighted, and Voltar reloads', async () => {
    const api = mockMember([
      mockContract(memberContracts.audits, { body: audits }, { params: { cstId: 12, category: 'users' } }),
      mockContract(memberContracts.audit, { body: version }, { params: { id: 5 } }),
    ]);
    const { user } = openMember();
    await user.click(await screen.findByRole('button', { name: 'Auditoria' }));
    const list = await screen.findByRole('complementary', { name: 'Alterações' });
    expect(within(list).getByText('Ana Superadmin')).toBeInTheDocument();
    // São Paulo time (UTC-3), DD/MM/YYYY HH:mm:ss.
    expect(within(list).getByText('10/03/2026 10:05:09')).toBeInTheDocument();
    expect(screen.getByText('Selecione uma das atividades à esquerda para ver os dados desta versão.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    // Hidden in audit mode: E-Mail (and Extratos, I.R.).
    await user.click(within(list).getByRole('button', { name: /Bruno Atendimento/ }));
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    expect(name).toHaveValue('Maria Souza');
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAttribute('data-changed', 'true');
    expect(screen.getByText('modo audit')).toBeInTheDocument();
    expect(screen.getByText('somente leitura')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'E-Mail' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Auditoria' })).toBeInTheDocument();
    expect(api.callsTo(memberContracts.get, { cstId: 12 })).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'E-Mail' })).toBeInTheDocument();
  });

  it("'Sem registros' when there is no change; a failure shows the reply's message", async () => {
    mockMember([mockContract(memberContracts.audits, { body: [] }, { params: { cstId: 12, category: 'users' } })]);
    const { user, unmount } = openMember();
    await user.click(await screen.findByRole('button', { name: 'Auditoria' }));
    expect(await screen.findByText('Sem registros')).toBeInTheDocument();
    unmount();

    mockMember([
      mockContract(
        memberContracts.audits,
        { status: 500, body: { description: 'Auditoria indisponível' } },
        { params: { cstId: 12, category: 'users' } },
      ),
    ]);
    const second = openMember();
    await second.user.click(await screen.findByRole('button', { name: 'Auditoria' }));
    expect(await screen.findByText('Auditoria indisponível')).toBeInTheDocument();
  });

  it('Restaurar esta versão loads it into the form as an edit (current version kept), to review and save', async () => {
    const api = mockMember([
      mockContract(memberContracts.audits, { body: audits }, { params: { cstId: 12, category: 'users' } }),
      mockContract(memberContracts.audit, { body: version }, { params: { id: 5 } }),
      mockContract(memberContracts.update, { body: { cstId: 12, version: 5, message: 'ok' } }, { params: { cstId: 12 } }),
    ]);
    const { user } = openMember();
    await user.click(await screen.findByRole('button', { name: 'Auditoria' }));
    await user.click(await screen.findByRole('button', { name: /Bruno Atendimento/ }));
    await user.click(await screen.findByRole('button', { name: 'Restaurar esta versão' }));

    expect(await screen.findByRole('button', { name: 'Auditoria' })).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    expect(name).toHaveValue('Maria Souza');
    expect(name).not.toHaveAttribute('readonly');
    expect(saveButton()).toHaveAttribute('data-ok-state', 'changed');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo(memberContracts.update, { cstId: 12 })).toHaveLength(1));
    expect(api.callsTo(memberContracts.update, { cstId: 12 })[0]!.body).toMatchObject({ custName: 'Maria Souza', version: 4 });
  });

  it('a seeded member changed once lists its base version as "Versão inicial", shown and restored like any other (issue 22 #23)', async () => {
    const base = {
      auditId: 3,
      ownerName: '',
      ownerId: null,
      ownerPhotoKey: null,
      auditTimestamp: '2025-01-15T12:00:00.000Z',
      action: 'base',
    } as const;
    const api = mockMember([
      mockContract(memberContracts.audits, { body: [audits[0]!, base] }, { params: { cstId: 12, category: 'users' } }),
      mockContract(memberContracts.audit, { body: { ...member, custName: 'Maria Semeada', version: 1, fieldDiffs: [] } }, { params: { id: 3 } }),
      mockContract(memberContracts.update, { body: { cstId: 12, version: 5, message: 'ok' } }, { params: { cstId: 12 } }),
    ]);
    const { user } = openMember();
    await user.click(await screen.findByRole('button', { name: 'Auditoria' }));
    const list = await screen.findByRole('complementary', { name: 'Alterações' });
    const entry = within(list).getByRole('button', { name: /Versão inicial/ });
    expect(within(entry).getByText('15/01/2025 09:00:00')).toBeInTheDocument();
    await user.click(entry);
    expect(await screen.findByText('Versão inicial: os dados de 15/01/2025 09:00:00, antes da primeira alteração registrada')).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: 'Nome' });
    expect(name).toHaveValue('Maria Semeada');
    expect(name).not.toHaveAttribute('data-changed');
    await user.click(screen.getByRole('button', { name: 'Restaurar esta versão' }));
    expect(await screen.findByRole('button', { name: 'Auditoria' })).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo(memberContracts.update, { cstId: 12 })).toHaveLength(1));
    expect(api.callsTo(memberContracts.update, { cstId: 12 })[0]!.body).toMatchObject({ custName: 'Maria Semeada', version: 4 });
  });
});
