import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyAddress, emptyMember, type MemberInput, memberContracts, cepContracts, geoContracts, printingContracts } from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { dataCache } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import UserTab from './UserTab';

/** Every edit role of the Usuário tab (and the label role). */
const EDITOR = [
  'v2userdadospessoais',
  'v2userdadospessoaisemail',
  'v2userdadospessoaiscelular',
  'v2userdadosmagistrado',
  'v2userdadosdatas',
  'v2userdadoscobrança',
  'v2userdadoscontato',
  'v2userdadosenderecos',
  'v2userdadosenderecoslabel',
  'v2userdadosperfil',
  'v2userdadosopcoes',
  'v2userdadosassoc',
  'v2tablocalizacao',
  'v2loc',
];

const DATACACHE = dataCache({
  version: '1',
  civilStatuses: [{ value: 2, label: 'Casado(a)' }],
  kinships: [{ value: 1, label: 'Cônjuge' }],
  profiles: [
    { value: 'M', label: 'Magistrado' },
    { value: 'A', label: 'Associado' },
    { value: 'V', label: 'Viúvo(a)' },
  ],
  situations: [
    { value: 1, label: 'Ativo' },
    { value: 2, label: 'Aposentado' },
    { value: 5, label: 'Falecido' },
  ],
  financialStatuses: [{ value: 'A', label: 'Adimplente' }],
  communicationPreferences: [{ value: 1, label: 'E-mail' }],
  deceasedSpouses: [{ value: 900, label: 'José da Silva' }],
  positions: [
    { afcId: 1, afcCargo: 'Presidente' },
    { afcId: 2, afcCargo: 'Tesoureiro' },
  ],
});

function member(overrides: Partial<MemberInput> = {}): MemberInput {
  return {
    ...emptyMember(),
    cstId: 101,
    custName: 'Maria da Silva',
    custBirthdate: '1970-05-10',
    custSex: 1,
    custEstadoCivil: 2,
    custCpf: '11144477735',
    custStatus: 'A',
    custNumeroInterno: '0012345',
    bankAccount: { bnkId: 11, bnkaccBranch: '', bnkaccBranchDigit: '', bnkaccAccount: '', bnkaccAccountDigit: '' },
    enderecoResidencial: {
      ...emptyAddress(),
      adZipcode: '01310100',
      adAddress: 'Avenida Paulista',
      adNumber: '1000',
      adBairro: 'Bela Vista',
      adCity: 'São Paulo',
      adState: 'SP',
    },
    version: 3,
    ...overrides,
  } as MemberInput;
}

interface HarnessProps {
  initial: MemberInput;
  roles: string[];
  mode?: MemberMode;
  diffs?: ReadonlySet<string>;
}

interface Values {
  enderecoResidencial: Record<string, unknown>;
  bankAccount: Record<string, unknown>;
  enderecoSelected: number;
  [field: string]: unknown;
}
const values = () => formValues<Values>();

function setup(props: Partial<HarnessProps> = {}, routes: MockRoute[] = []) {
  const api = mockApi([mockContract(memberContracts.dataCache, { body: DATACACHE }), ...routes]);
  const view = renderWithProviders(
    <MemberTabHarness tab={UserTab} member={props.initial ?? member()} roles={props.roles ?? EDITOR} mode={props.mode} diffs={props.diffs} />,
    {
      notifications: true,
    },
  );
  return { api, ...view };
}

/** An input by its label, with or without the required asterisk (text inputs and dropdowns alike). */
const field = (label: string, container: HTMLElement = document.body) =>
  within(container).getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`), { selector: 'input' });

/** The fields of one address sub-tab. */
const addressPanel = () => screen.getByRole('tabpanel');

afterEach(() => vi.useRealTimers());

describe('Usuário tab: zip flow (spec 1 §4)', { timeout: 30_000 }, () => {
  const paulista = { logradouro: 'Avenida Paulista', tipoLogradouro: 'Avenida', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };

  it('a found CEP fills and locks street, neighbourhood, city and state, sets adAddNewCEP 0 and focuses the number', async () => {
    const { user } = setup({ initial: member({ enderecoResidencial: { ...emptyAddress(), adAddNewCEP: 1 } }) }, [
      mockContract(cepContracts.lookup, { body: paulista }, { params: { cep: '01310100' } }),
    ]);
    const panel = addressPanel();
    await user.type(within(panel).getByLabelText('CEP'), '01310100');
    await waitFor(() => expect(within(panel).getByLabelText('Logradouro')).toHaveValue('Avenida Paulista'));
    expect(within(panel).getByLabelText('Bairro')).toHaveValue('Bela Vista');
    expect(within(panel).getByLabelText('Cidade')).toHaveValue('São Paulo');
    expect(within(panel).getByLabelText('UF')).toHaveValue('SP');
    for (const label of ['Logradouro', 'Bairro', 'Cidade', 'UF']) expect(within(panel).getByLabelText(label)).toHaveAttribute('readonly');
    await waitFor(() => expect(within(panel).getByLabelText('Número')).toHaveFocus());
    expect(values().enderecoResidencial).toMatchObject({ adZipcode: '01310100', adAddNewCEP: 0, adCity: 'São Paulo' });
  });

  it('a city-wide CEP (street equal to the city) leaves the street editable and focuses it', async () => {
    const { user } = setup({ initial: member({ enderecoResidencial: emptyAddress() }) }, [
      mockContract(
        cepContracts.lookup,
        { body: { logradouro: 'Amparo', tipoLogradouro: '', bairro: '', cidade: 'Amparo', uf: 'SP' } },
        { params: { cep: 13900000 } },
      ),
    ]);
    const panel = addressPanel();
    await user.type(within(panel).getByLabelText('CEP'), '13900000');
    await waitFor(() => expect(within(panel).getByLabelText('Cidade')).toHaveValue('Amparo'));
    expect(within(panel).getByLabelText('Logradouro')).not.toHaveAttribute('readonly');
    expect(within(panel).getByLabelText('Cidade')).toHaveAttribute('readonly');
    await waitFor(() => expect(within(panel).getByLabelText('Logradouro')).toHaveFocus());
  });

  it('an unknown CEP clears the address fields; fewer than 8 digits on leaving clears them too', async () => {
    const { user } = setup({}, [
      mockContract(cepContracts.lookup, { status: 404, body: { message: 'CEP não encontrado' } }, { params: { cep: 99999999 } }),
    ]);
    const panel = addressPanel();
    const cep = within(panel).getByLabelText('CEP');
    expect(within(panel).getByLabelText('Logradouro')).toHaveValue('Avenida Paulista');
    await user.clear(cep);
    await user.type(cep, '99999999');
    await waitFor(() => expect(within(panel).getByLabelText('Logradouro')).toHaveValue(''));
    expect(within(panel).getByLabelText('Cidade')).toHaveValue('');
    expect(within(panel).getByLabelText('Cidade')).not.toHaveAttribute('readonly');

    await user.type(within(panel).getByLabelText('Cidade'), 'Santos');
    await user.clear(cep);
    await user.type(cep, '1131');
    await user.tab();
    expect(within(panel).getByLabelText('Cidade')).toHaveValue('');
  });

  it('"Limpar endereço" empties every field, sets adAddNewCEP 1, unlocks and focuses the street', async () => {
    const { user } = setup();
    const panel = addressPanel();
    expect(within(panel).getByLabelText('Logradouro')).toHaveAttribute('readonly');
    await user.click(within(panel).getByRole('button', { name: 'Limpar endereço' }));
    for (const label of ['CEP', 'Logradouro', 'Número', 'Bairro', 'Cidade', 'UF']) expect(within(panel).getByLabelText(label)).toHaveValue('');
    expect(within(panel).getByLabelText('Logradouro')).not.toHaveAttribute('readonly');
    await waitFor(() => expect(within(panel).getByLabelText('Logradouro')).toHaveFocus());
    expect(values().enderecoResidencial.adAddNewCEP).toBe(1);
  });

  it('the default-address checkbox moves enderecoSelected and its tooltip names it; Fórum only for an active magistrate', async () => {
    const { user } = setup();
    expect(screen.queryByRole('tab', { name: 'Fórum' })).not.toBeInTheDocument();
    const comercial = screen.getByRole('checkbox', { name: 'Comercial: selecionar como endereço padrão' });
    expect(screen.getByRole('checkbox', { name: 'Residencial: endereço padrão' })).toBeChecked();
    await user.click(comercial);
    expect(values().enderecoSelected).toBe(2);
    expect(screen.getByRole('checkbox', { name: 'Comercial: endereço padrão' })).toBeChecked();
    // Comercial has no zip: 'Endereço obrigatório' under its CEP.
    await user.click(screen.getByRole('tab', { name: 'Comercial' }));
    expect(within(addressPanel()).getByText('Endereço obrigatório')).toBeInTheDocument();
  });

  it('becoming an active magistrate shows Fórum and returns to the first sub-tab', async () => {
    const { user } = setup({ initial: member({ custStatus: 'A', custAssocSituacao: 1 }) });
    await user.click(screen.getByRole('tab', { name: 'Comercial' }));
    expect(screen.getByRole('tab', { name: 'Comercial' })).toHaveAttribute('aria-selected', 'true');
    await user.click(field('Perfil'));
    await user.click(await screen.findByRole('option', { name: 'Magistrado' }));
    expect(await screen.findByRole('tab', { name: 'Fórum' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Residencial' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('Usuário tab: billing (spec 1 §4 bank change, §5 bank rules)', { timeout: 30_000 }, () => {
  it('changing the bank clears account and digits and sets the branch to 4378 for bank 18', async () => {
    const { user } = setup({
      initial: member({
        bankAccount: { bnkId: 2, bnkaccBranch: '1234', bnkaccBranchDigit: '3', bnkaccAccount: '12345678', bnkaccAccountDigit: '9' },
      }),
    });
    expect(field('Dígito agência')).toHaveValue('3');
    await user.click(field('Local de débito'));
    await user.click(await screen.findByRole('option', { name: /^18 - / }));
    expect(values().bankAccount).toMatchObject({ bnkId: 18, bnkaccBranch: '4378', bnkaccBranchDigit: '', bnkaccAccount: '', bnkaccAccountDigit: '' });
    expect(field('Agência')).toHaveValue('4378');
    expect(field('Agência')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Dígito agência')).not.toBeInTheDocument();

    await user.click(field('Local de débito'));
    await user.click(await screen.findByRole('option', { name: /^1 - / }));
    expect(values().bankAccount).toMatchObject({ bnkId: 1, bnkaccBranch: '', bnkaccAccount: '' });
  });

  it('shows the bank rule messages: a 3-digit branch of bank 1 is "Agência inválida"; a missing billing day', async () => {
    const { user } = setup({
      initial: member({ bankAccount: { bnkId: 1, bnkaccBranch: '', bnkaccBranchDigit: '', bnkaccAccount: '', bnkaccAccountDigit: '' } }),
    });
    await user.type(field('Agência'), '123');
    await user.tab();
    expect(await screen.findByText('Agência inválida')).toBeInTheDocument();
    await user.clear(field('Dia de cobrança'));
    await user.tab();
    expect(await screen.findByText('Dia de cobrança obrigatório')).toBeInTheDocument();
  });
});

describe('Usuário tab: rules of the member', { timeout: 30_000 }, () => {
  // The director of the forum is the Localização tab's (spec 1 §2): LocationTab.test.tsx.
  it('two equal cargos: "Não podem exister dois cargos iguais!"', async () => {
    const { user } = setup({ initial: member({ custAssocCargo: 1 }) });
    await user.click(field('Cargo 2'));
    await user.click(await screen.findByRole('option', { name: 'Presidente' }));
    expect(await screen.findByText('Não podem exister dois cargos iguais!')).toBeInTheDocument();
  });

  it('a cross-field message shows while a required field is empty: empty name and two equal cargos', async () => {
    const { user } = setup({ initial: member({ custAssocCargo: 1 }) });
    await user.clear(field('Nome'));
    await user.tab();
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    await user.click(field('Cargo 2'));
    await user.click(await screen.findByRole('option', { name: 'Presidente' }));
    expect(await screen.findByText('Não podem exister dois cargos iguais!')).toBeInTheDocument();
    // One message per field: the name shows only its first ('Campo obrigatório', not the minimum length).
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(1);
    expect(screen.queryByText('Tamanho mínimo de 5 caracteres')).not.toBeInTheDocument();
  });

  it('"Histórico" lists GET user/cargos with Entrada, Saída (DD/MM/YYYY HH:mm:ss) and Cargo', async () => {
    const { user } = setup({}, [
      mockContract(
        memberContracts.positions,
        { body: [{ dataEntrada: '2024-01-02T13:04:05Z', dataSaida: null, cargo: 'Presidente' }] },
        { params: { cstId: 101 } },
      ),
    ]);
    await user.click(screen.getByRole('button', { name: 'Histórico' }));
    const dialog = await screen.findByRole('dialog', { name: 'Histórico de cargos' });
    expect(await within(dialog).findByRole('cell', { name: '02/01/2024 10:04:05' })).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Presidente' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Entrada', 'Saída', 'Cargo']);
  });

  it('a CPF held by another record shows "CPF já cadastrado" once left (GET user/cpf/{cpf}/{cstId})', async () => {
    const { user, api } = setup({}, [
      mockContract(memberContracts.cpfCheck, { body: { status: 'ok', count: 1 } }, { params: { cpf: '52998224725', cstId: 101 } }),
    ]);
    const cpf = field('CPF');
    await user.clear(cpf);
    await user.type(cpf, '52998224725');
    await user.tab();
    expect(await screen.findByText('CPF já cadastrado')).toBeInTheDocument();
    expect(api.callsTo(memberContracts.cpfCheck, { cpf: '52998224725', cstId: 101 })).toHaveLength(1);
    await user.type(cpf, '{backspace}6');
    expect(screen.queryByText('CPF já cadastrado')).not.toBeInTheDocument();
  });

  it('a widow(er) names the deceased spouse', async () => {
    const { user } = setup();
    await user.click(field('Perfil'));
    await user.click(await screen.findByRole('option', { name: 'Viúvo(a)' }));
    await user.click(field('Cônjuge falecido'));
    await user.tab();
    expect(await screen.findByText('Obrigatório o preenchimento do cônjuge falecido')).toBeInTheDocument();
  });
});

describe('Usuário tab: dates (issue 22 item 20)', { timeout: 60_000 }, () => {
  it('31/02/1990 in Nascimento stays with "Data inválida", not "Campo obrigatório"', async () => {
    const { user } = setup({ initial: member({ custBirthdate: null }) });
    const birth = field('Nascimento');
    await user.type(birth, '31/02/1990');
    await user.tab();
    expect(birth).toHaveValue('31/02/1990');
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(screen.queryByText('Campo obrigatório')).not.toBeInTheDocument();
  });

  it('a birth after today and a death before the birth are refused with their messages', async () => {
    const { user } = setup({ initial: member({ custBirthdate: '2999-01-01', custDeceased: '1960-01-01' }) });
    await user.click(field('Nascimento'));
    await user.click(field('Falecimento'));
    await user.tab();
    expect(await screen.findByText('Data não pode ser posterior ao dia de hoje')).toBeInTheDocument();
    // Measured against the birth as it is: still after 1960.
    expect(await screen.findByText('Data de falecimento anterior à data de nascimento')).toBeInTheDocument();
  });

  it('an optional date with text that is not a date shows "Data inválida" and stores nothing', async () => {
    const { user } = setup();
    await user.type(field('Admissão'), '30/02/2001');
    await user.tab();
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(values().custAdmissao ?? null).toBeNull();
  });
});

describe('Usuário tab: roles and audit mode (spec 1 §6)', { timeout: 30_000 }, () => {
  it('a section without its view role is hidden; with the view role only it is read-only', async () => {
    setup({ roles: ['v2userdadospessoaisview', 'v2userdadosenderecosview'] });
    expect(screen.getByRole('group', { name: 'Dados pessoais' })).toBeInTheDocument();
    expect(field('Nome')).toBeDisabled();
    expect(within(addressPanel()).getByLabelText('CEP')).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Dados de cobrança' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Perfil' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Etiqueta' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mapa' })).toBeEnabled();
  });

  it('a new member (issue 22 item 3): the new-member role fills Perfil and Local de débito without their edit roles; an edit does not', async () => {
    // The Atendimento profile's Usuário roles: view everything, edit neither Perfil nor Dados de cobrança.
    const atendimento = [
      'v2menunovoassociado',
      'v2userdadospessoais',
      'v2userdadospessoaisview',
      'v2userdadosperfilview',
      'v2userdadoscobrançaview',
      'v2userdadosassocview',
      'v2userdadosenderecos',
      'v2userdadosenderecosview',
    ];
    const { unmount } = setup({ roles: atendimento, mode: 'insert', initial: emptyMember() });
    expect(field('Perfil', screen.getByRole('group', { name: 'Perfil' }))).toBeEnabled();
    expect(field('Situação')).toBeEnabled();
    expect(field('Local de débito')).toBeEnabled();
    expect(field('Dia de cobrança')).toBeEnabled();
    // A section a new member does not need keeps its own edit role.
    expect(field('Cargo 1')).toBeDisabled();
    unmount();
    setup({ roles: atendimento });
    expect(field('Perfil', screen.getByRole('group', { name: 'Perfil' }))).toBeDisabled();
    expect(field('Local de débito')).toBeDisabled();
  });

  it('every section with its view role only is read-only (dates, e-mail, mobile, concurso, contact too)', async () => {
    setup({
      roles: [
        'v2userdadosdatasview',
        'v2userdadospessoaisemailview',
        'v2userdadospessoaiscelularview',
        'v2userdadosmagistradoview',
        'v2userdadoscontatoview',
      ],
    });
    for (const [group, label] of [
      ['Datas', 'Admissão'],
      ['E-mail', 'E-mail'],
      ['Celular', 'Celular'],
      ['Dados de magistrado e concurso', 'Concurso'],
      ['Contato', 'Nome do contato'],
    ] as const) {
      expect(within(screen.getByRole('group', { name: group })).getByLabelText(label)).toBeDisabled();
    }
  });

  it('audit mode: every field read-only, the changed ones highlighted', async () => {
    setup({ mode: 'audit', diffs: new Set(['custName', 'enderecoResidencial.adZipcode']) });
    expect(field('Nome')).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'E-mail' })).getByLabelText('E-mail')).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Contato' })).getByLabelText('Nome do contato')).toBeDisabled();
    expect(field('Nome').closest('[data-changed]')).not.toBeNull();
    expect(within(addressPanel()).getByLabelText('CEP').closest('[data-changed]')).not.toBeNull();
    expect(within(addressPanel()).getByLabelText('Número').closest('[data-changed]')).toBeNull();
    expect(field('CPF').closest('[data-changed]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Etiqueta' })).not.toBeInTheDocument();
  });
});

describe('Usuário tab: dates shown whole in audit mode (issue 22 #19)', { timeout: 30_000 }, () => {
  /** Mantine's clear button ("Limpar") beside a date: in a narrow column it hid the year's last digit ("03/06/202"). */
  const clearButton = (input: HTMLElement) =>
    within(input.closest<HTMLElement>('.mantine-InputWrapper-root')!).queryByRole('button', { name: 'Limpar' });

  it('a read-only date shows DD/MM/YYYY with no clear button taking the room of its last digits; an editable one keeps it', async () => {
    const initial = member({ custAdmissao: '2009-03-13', custMarriage: '2011-07-21' });
    const { unmount } = setup({ mode: 'audit', initial });
    const dates = screen.getByRole('group', { name: 'Datas' });
    for (const [label, text] of [
      ['Admissão', '13/03/2009'],
      ['Casamento', '21/07/2011'],
    ] as const) {
      const input = within(dates).getByLabelText(label);
      expect(input).toHaveValue(text);
      expect(input).toHaveAttribute('readonly');
      expect(clearButton(input)).toBeNull();
    }
    expect(field('Nascimento')).toHaveValue('10/05/1970');
    expect(clearButton(field('Nascimento'))).toBeNull();
    unmount();

    setup({ initial });
    const editable = within(screen.getByRole('group', { name: 'Datas' })).getByLabelText('Admissão');
    expect(editable).toHaveValue('13/03/2009');
    expect(editable).not.toHaveAttribute('readonly');
    expect(clearButton(editable)).not.toBeNull();
  });
});

describe('Usuário tab: photo and map', { timeout: 30_000 }, () => {
  it('the maps button opens the "Mapa" dialog with the address; the photo is editable with the personal edit role only', async () => {
    const { user, api } = setup({}, [
      mockContract(geoContracts.settings, { body: { tileUrl: 'https://tiles.invalid/{z}/{x}/{y}.png', attribution: 'OSM' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Incluir foto' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Endereços' })).getByRole('button', { name: 'Mapa' }));
    expect(await screen.findByRole('dialog', { name: 'Mapa' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(geoContracts.coordinates).length > 0).toBe(true));
  });

  it('without the personal edit role the photo is only shown', async () => {
    setup({ roles: ['v2userdadospessoaisview'] });
    expect(screen.getByRole('img', { name: 'Maria da Silva sem foto' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Incluir foto' })).not.toBeInTheDocument();
  });
});

describe('Usuário tab: address label (GET label/{cstId}/{kind}/{type})', { timeout: 30_000 }, () => {
  it('renders the label and hands it to the print choice: download, then "Etiqueta enviada com sucesso!"', async () => {
    const pdf = { status: 200, body: undefined };
    const { user, api } = setup({}, [
      mockContract(printingContracts.getConfig, { body: { printChoice: { mode: 'download' } } }),
      mockContract(memberContracts.label, pdf, { params: { a: 101, b: 1, c: 2 } }),
    ]);
    const createObjectURL = vi.fn(() => 'blob:label');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await user.click(screen.getByRole('button', { name: 'Etiqueta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Atendimento' }));
    expect(await screen.findByText('Etiqueta enviada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo(memberContracts.label, { a: 101, b: 1, c: 2 })).toHaveLength(1);
  });

  it('a failed label says "Erro para gerar etiqueta!"', async () => {
    const { user } = setup({}, [
      mockContract(printingContracts.getConfig, { body: { printChoice: { mode: 'download' } } }),
      mockContract(memberContracts.label, { status: 500, body: { message: 'x' } }, { params: { a: 101, b: 1, c: 1 } }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Etiqueta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Secretaria' }));
    expect(await screen.findByText('Erro para gerar etiqueta!')).toBeInTheDocument();
  });
});
