import {
  emptyMember,
  type DataCache,
  type memberRecordSchema,
  type MenuTreeNode,
  type Service,
  type SessionInfo,
  type Terceiro,
} from '@assoc/domain';
import type { z } from 'zod';
import type { PersonSuggestion } from '../modules/people/types';

export function sessionFor(roles: string[], overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    username: '11144477735',
    cpf: '11144477735',
    name: 'Ana Superadmin',
    cstId: -1,
    roles,
    cep: '',
    xsrfToken: 'xsrf-from-session',
    envMode: 0,
    associationName: 'Associação dos Magistrados',
    associationShortName: 'ASSOC',
    ...overrides,
  };
}

/** Staff with the full application and the member search. */
export const staffRoles = ['v2access', 'v2search', 'v2menuusuario'];

export function person(overrides: Partial<PersonSuggestion> = {}): PersonSuggestion {
  return {
    cstId: 101,
    parentId: null,
    custName: 'Maria da Silva',
    custNumeroInterno: '0012345',
    custCPF: '11144477735',
    custAniversario: '1970-05-10',
    custFalecimento: '1900-01-01',
    custAge: 55,
    custSituacao: 1,
    custPerfil: 'A',
    custPhotoKey: null,
    socio: 'N',
    titular: '',
    isTerceiro: false,
    custCelular: '',
    custPhones: [],
    ...overrides,
  };
}

export const sampleTree: MenuTreeNode[] = [
  { label: 'Painel', target: '/', to: '/' },
  {
    label: 'Atendimento',
    role: 'v2atd',
    children: [
      { label: 'Acompanhamento', target: '/acompanhamento', to: '/acompanhamento' },
      {
        label: 'Enviar extrato mensal por e-mail',
        role: 'v2atd',
        target: 'job:extrato-email Deseja enviar o extrato mensal por e-mail a todos os associados?',
        job: {
          command: 'extrato-email',
          label: 'Enviar extrato mensal por e-mail',
          question: 'Deseja enviar o extrato mensal por e-mail a todos os associados?',
          role: 'v2atd',
        },
      },
      { label: 'Mudança de faixa etária', target: 'url:/mudancafaixa', url: '/mudancafaixa' },
    ],
  },
];

/** A service of the registry as GET servicos/all/{sucId} lists it: a plain monthly one (R$ 0,00, any age) unless said. */
export function serviceRow(overrides: Partial<Service> = {}): Service {
  return {
    svcId: 1,
    sucId: 1,
    svcName: 'Serviço',
    svcValor: 0,
    svcTaxaAdm: 0,
    svcTaxaAdmNs: 0,
    svcMaxParcelas: 1,
    svcProRata: false,
    svcLancaNoFim: false,
    svcServiceType: 0,
    svcLancPlugin: null,
    svcPermiteDependente: true,
    svcPermiteDuplicado: false,
    svcMudaFaixa: false,
    svcMin: 0,
    svcMax: 999,
    svcContaDebito: null,
    svcContaCredito: null,
    svcCentroDeCusto: null,
    extgrpId: null,
    irgrpId: null,
    svcEditPlugin: null,
    version: 1,
    ...overrides,
  };
}

/** A service of the /servico registry as GET servicos/all/{sucId} lists it (R$ 1.234,56, ages 19 to 58). */
export const sampleService: Service = serviceRow({
  svcId: 7,
  sucId: 11,
  svcName: 'Titular 19 a 58 anos',
  svcValor: 123456,
  svcTaxaAdm: 2.5,
  svcMudaFaixa: true,
  svcMin: 19,
  svcMax: 58,
});

/** A third party (terceiro) as the registry answers it: a company with only its name and document. */
export function terceiro(overrides: Partial<Terceiro> = {}): Terceiro {
  return {
    terId: 5,
    terTipo: 1,
    terCPFCNPJ: '11222333000181',
    terNome: 'Clínica Boa Saúde',
    terContato: null,
    terEmail: null,
    terCEP: null,
    terLogradouro: null,
    terNumero: null,
    terComplemento: null,
    terBairro: null,
    terCidade: null,
    terUF: null,
    terTelefone1: null,
    terTelefone2: null,
    version: 1,
    ...overrides,
  };
}

/** A member's record as GET user/{cstId} answers it (the reply schema's input): a holder without lists nor periods. */
export type MemberRecordReply = z.input<typeof memberRecordSchema>;
export function memberRecord(overrides: Partial<MemberRecordReply> = {}): MemberRecordReply {
  return { ...emptyMember(), cstId: 101, custTitular: true, idade: null, extratoDatas: [], irDatas: [], version: 1, ...overrides };
}

/** GET datacache: every lookup list empty unless given (a test names only the lists its screen reads). */
export function dataCache(overrides: Partial<DataCache> = {}): DataCache {
  return {
    version: '1',
    civilStatuses: [],
    kinships: [],
    profiles: [],
    situations: [],
    financialStatuses: [],
    banks: [],
    positions: [],
    forumPositions: [],
    forums: [],
    locals: [],
    healthPlans: [],
    treatments: [],
    communicationPreferences: [],
    deceasedSpouses: [],
    labelTypes: [],
    followUpStatuses: [],
    followUpTypes: [],
    followUpDepartments: [],
    followUpSubjects: [],
    ...overrides,
  };
}
