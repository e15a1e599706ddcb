import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Faker, base, pt_BR } from '@faker-js/faker';
import {
  ASSOCIATION_PAYROLL,
  BANCO_DO_BRASIL,
  BOLETO,
  COBRANCA_JUDICIAL,
  FEE_SUC_ID,
  FUNDO_PECULIO_SVC_ID,
  MAGISCRED,
  MAGISCRED_BRANCH,
  NO_BILLING,
  SANTANDER,
  bbCheckDigit,
  cnpjFromBase,
  cpfFromBase,
  mod11CheckDigit,
  numeroInterno as numeroInternoOf,
  santanderCheckDigit,
} from '@assoc/domain';
import type { Db } from '../client.js';
import { addresses, customers, positionHistory, terceiros } from '../schema/index.js';

/**
 * Demo people (decision 19): holders (titulares), their dependents and third parties, deterministic
 * for a given scale (seeded faker, counters for every unique value). `scale` is the number of holders;
 * each has 0-3 dependents, so about 2 × scale searchable people, plus 2 % of scale third parties.
 */

/** custParentesco of a dependent (also custContatoParentesco). */
export const kinships = [
  { id: 1, label: 'Cônjuge' },
  { id: 2, label: 'Filho(a)' },
  { id: 3, label: 'Pai/Mãe' },
  { id: 4, label: 'Companheiro(a)' },
  { id: 5, label: 'Enteado(a)' },
  { id: 6, label: 'Neto(a)' },
  { id: 7, label: 'Irmão(ã)' },
  { id: 8, label: 'Sogro(a)' },
] as const;

/** custEstadoCivil. */
export const civilStatuses = [
  { id: 1, label: 'Solteiro(a)' },
  { id: 2, label: 'Casado(a)' },
  { id: 3, label: 'Divorciado(a)' },
  { id: 4, label: 'Viúvo(a)' },
  { id: 5, label: 'União estável' },
] as const;

export interface SeededPeople {
  portalMember?: { cstId: number; cpf: string; name: string; email: string | null };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CustomerRow = typeof customers.$inferInsert;
type AddressRow = typeof addresses.$inferInsert;
type PositionRow = typeof positionHistory.$inferInsert;
type TerceiroRow = typeof terceiros.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Reference lists (faker pt_BR has few surnames and misses the classic names, so they are added here)

const CLASSIC_MALE = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Luiz',
  'Luís',
  'Marcos',
  'Sebastião',
  'Raimundo',
  'Manoel',
  'Geraldo',
  'Jorge',
  'Roberto',
  'Sérgio',
  'Fernando',
  'Ricardo',
  'Rogério',
  'Márcio',
  'Cláudio',
  'Reinaldo',
  'Edson',
  'Wagner',
  'Otávio',
  'Flávio',
  'Vinícius',
  'Mário',
  'Renato',
  'Rubens',
  'Sílvio',
  'Osvaldo',
  'Álvaro',
  'Ângelo',
  'Aurélio',
  'Benedito',
  'Cícero',
  'Domingos',
  'Gilberto',
  'Hélio',
  'Inácio',
  'Lúcio',
  'Nélson',
  'Orlando',
  'Valdir',
  'Tomás',
  'André',
  'Luciano',
  'Alexandre',
  'Rodrigo',
  'Fábio',
  'Gustavo',
  'Marcelo',
  'Leandro',
  'Thiago',
  'Rafael',
  'Eduardo',
  'Henrique',
  'Joaquim',
  'Júlio',
  'Augusto',
  'Caetano',
  'Estêvão',
  'Simão',
  'Conrado',
  'Irineu',
  'Celso',
  'José Carlos',
  'João Batista',
  'Antônio Carlos',
  'Luiz Fernando',
  'Carlos Alberto',
  'José Roberto',
  'Paulo César',
];
const CLASSIC_FEMALE = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Conceição',
  'Maria da Conceição',
  'Maria José',
  'Maria Aparecida',
  'Aparecida',
  'Lúcia',
  'Luciana',
  'Cláudia',
  'Regina',
  'Sônia',
  'Vera',
  'Célia',
  'Rosângela',
  'Tânia',
  'Mônica',
  'Simone',
  'Denise',
  'Cristina',
  'Rita',
  'Fátima',
  'Maria de Fátima',
  'Glória',
  'Lígia',
  'Débora',
  'Cecília',
  'Inês',
  'Irene',
  'Marta',
  'Sílvia',
  'Vânia',
  'Valéria',
  'Angélica',
  'Ângela',
  'Beatriz',
  'Helena',
  'Teresa',
  'Zélia',
  'Jussara',
  'Raquel',
  'Renata',
  'Eliane',
  'Elaine',
  'Ana Paula',
  'Ana Lúcia',
  'Maria Helena',
  'Maria Cristina',
  'Lúcia Helena',
  'Assunção',
  'Graça',
];

/** Surnames with a rough Brazilian frequency weight, and the particle that may precede them. */
const SURNAMES: Array<[name: string, weight: number, particle?: string]> = [
  ['Silva', 30, 'da'],
  ['Santos', 18, 'dos'],
  ['Oliveira', 14, 'de'],
  ['Souza', 12, 'de'],
  ['Rodrigues', 8],
  ['Ferreira', 8],
  ['Alves', 8],
  ['Pereira', 8],
  ['Lima', 7],
  ['Gomes', 6],
  ['Costa', 6, 'da'],
  ['Ribeiro', 6],
  ['Martins', 5],
  ['Carvalho', 5, 'de'],
  ['Almeida', 5, 'de'],
  ['Lopes', 4],
  ['Soares', 4],
  ['Fernandes', 4],
  ['Vieira', 4],
  ['Barbosa', 4],
  ['Rocha', 3, 'da'],
  ['Dias', 3],
  ['Nascimento', 3, 'do'],
  ['Andrade', 3, 'de'],
  ['Moreira', 3],
  ['Nunes', 3],
  ['Marques', 3],
  ['Machado', 3],
  ['Mendes', 3],
  ['Freitas', 3, 'de'],
  ['Cardoso', 3],
  ['Ramos', 3],
  ['Gonçalves', 3],
  ['Santana', 2],
  ['Teixeira', 2],
  ['Araújo', 3, 'de'],
  ['Conceição', 2, 'da'],
  ['Magalhães', 1],
  ['Brandão', 1],
  ['Assunção', 1, 'da'],
  ['Falcão', 1],
  ['Mourão', 1],
  ['Simões', 1],
  ['Guimarães', 1],
  ['Sampaio', 1],
  ['Brito', 2, 'de'],
  ['Peixoto', 1],
  ['Tavares', 1],
  ['Medeiros', 1, 'de'],
  ['Castro', 2, 'de'],
  ['Pinto', 2],
  ['Campos', 1],
  ['Cavalcanti', 1],
  ['Monteiro', 1],
  ['Moura', 1, 'de'],
  ['Correia', 1],
  ['Azevedo', 1, 'de'],
  ['Cunha', 1, 'da'],
  ['Xavier', 1],
  ['Borges', 1],
  ['Macedo', 1],
  ['Nogueira', 1],
  ['Batista', 2],
  ['Albuquerque', 1, 'de'],
  ['Barros', 1, 'de'],
  ['Braga', 1],
  ['Franco', 1],
  ['Melo', 2, 'de'],
  ['Moraes', 1, 'de'],
  ['Reis', 1, 'dos'],
  ['Saraiva', 1],
  ['Bezerra', 1],
  ['Leão', 1],
  ['Galvão', 1],
  ['Leitão', 1],
  ['Romão', 1],
  ['Sá', 1, 'de'],
  ['Queiroz', 1, 'de'],
  ['Prado', 1, 'do'],
  ['Toledo', 1],
  ['Siqueira', 1],
  ['Amaral', 1, 'do'],
  ['Quintão', 1],
  ['Aragão', 1],
  ['Thomé', 1],
  ['Antunes', 1],
  ['Figueiredo', 1],
  ['Paixão', 1, 'da'],
  ['Jesus', 1, 'de'],
];

/** Cities with their UF, area code and a real CEP range; weighted towards São Paulo (default UF SP). */
const CITIES: Array<[city: string, uf: string, ddd: string, cepFrom: number, cepTo: number, weight: number]> = [
  ['São Paulo', 'SP', '11', 1000000, 5999999, 30],
  ['Campinas', 'SP', '19', 13010000, 13099999, 6],
  ['Santos', 'SP', '13', 11010000, 11099999, 4],
  ['Ribeirão Preto', 'SP', '16', 14010000, 14099999, 4],
  ['São José dos Campos', 'SP', '12', 12210000, 12249999, 3],
  ['Sorocaba', 'SP', '15', 18010000, 18109999, 3],
  ['Bauru', 'SP', '14', 17010000, 17109999, 2],
  ['São José do Rio Preto', 'SP', '17', 15010000, 15099999, 2],
  ['Guarulhos', 'SP', '11', 7010000, 7399999, 3],
  ['Santo André', 'SP', '11', 9010000, 9299999, 2],
  ['Osasco', 'SP', '11', 6010000, 6299999, 2],
  ['Piracicaba', 'SP', '19', 13400000, 13429999, 2],
  ['Presidente Prudente', 'SP', '18', 19010000, 19099999, 1],
  ['Marília', 'SP', '14', 17500000, 17529999, 1],
  ['Araraquara', 'SP', '16', 14800000, 14811999, 1],
  ['Jundiaí', 'SP', '11', 13200000, 13219999, 2],
  ['Rio de Janeiro', 'RJ', '21', 20000000, 23799999, 6],
  ['Belo Horizonte', 'MG', '31', 30000000, 31999999, 4],
  ['Curitiba', 'PR', '41', 80000000, 82999999, 3],
  ['Porto Alegre', 'RS', '51', 90000000, 91999999, 2],
  ['Brasília', 'DF', '61', 70000000, 72799999, 3],
  ['Salvador', 'BA', '71', 40000000, 42499999, 2],
  ['Recife', 'PE', '81', 50000000, 52999999, 2],
  ['Fortaleza', 'CE', '85', 60000000, 61599999, 2],
  ['Florianópolis', 'SC', '48', 88000000, 88099999, 2],
  ['Goiânia', 'GO', '62', 74000000, 74899999, 2],
  ['Belém', 'PA', '91', 66000000, 66999999, 1],
  ['Manaus', 'AM', '92', 69000000, 69099999, 1],
  ['Vitória', 'ES', '27', 29000000, 29099999, 1],
  ['Campo Grande', 'MS', '67', 79000000, 79124999, 1],
  ['Cuiabá', 'MT', '65', 78000000, 78099999, 1],
  ['Natal', 'RN', '84', 59000000, 59139999, 1],
  ['João Pessoa', 'PB', '83', 58000000, 58099999, 1],
  ['Maceió', 'AL', '82', 57000000, 57099999, 1],
  ['Teresina', 'PI', '86', 64000000, 64099999, 1],
  ['São Luís', 'MA', '98', 65000000, 65099999, 1],
  ['Aracaju', 'SE', '79', 49000000, 49099999, 1],
];

const BAIRROS = [
  'Centro',
  'Jardim Paulista',
  'Vila Mariana',
  'Moema',
  'Pinheiros',
  'Perdizes',
  'Higienópolis',
  'Bela Vista',
  'Boa Vista',
  'Jardim América',
  'Jardim Europa',
  'Vila Nova',
  'Santa Cecília',
  'Cambuí',
  'Taquaral',
  'Cidade Nova',
  'Santo Antônio',
  'São José',
  'São Francisco',
  'Jardim Botânico',
  'Alto da Boa Vista',
  'Vila Rica',
  'Parque São Jorge',
  'Jardim das Flores',
  'Nossa Senhora Aparecida',
  'Vila Maria',
  'Jardim São Paulo',
  'Bom Retiro',
  'Aclimação',
  'Jardim Guanabara',
  'Vila Olímpia',
  'Brooklin',
  'Consolação',
  'Liberdade',
  'Ipiranga',
  'Tatuapé',
  'Jardim Anália Franco',
  'Água Branca',
];
const STREET_TYPES: Array<{ weight: number; value: string }> = [
  { weight: 70, value: 'Rua' },
  { weight: 18, value: 'Avenida' },
  { weight: 5, value: 'Alameda' },
  { weight: 4, value: 'Travessa' },
  { weight: 3, value: 'Praça' },
];
const STREET_TITLES = [
  'Doutor',
  'Professor',
  'Coronel',
  'Padre',
  'Dom',
  'Marechal',
  'Presidente',
  'Governador',
  'Desembargador',
  'Engenheiro',
  'Visconde de',
  'Barão de',
];
const STREET_NAMES = [
  'Sete de Setembro',
  'XV de Novembro',
  'Tiradentes',
  'Barão do Rio Branco',
  'Santos Dumont',
  'Getúlio Vargas',
  'Marechal Deodoro',
  'Dom Pedro II',
  'Visconde de Mauá',
  'das Flores',
  'das Palmeiras',
  'da Consolação',
  'Brasil',
  'Paulista',
  'Brigadeiro Faria Lima',
  'Rui Barbosa',
  'Treze de Maio',
  'Floriano Peixoto',
  'José Bonifácio',
  'da Liberdade',
];
/** The association positions of the registry (registries.seed.ts): the open one becomes the member's Cargo 1. */
const ASSOCIATION_POSITIONS = [
  'Presidente',
  'Vice-Presidente',
  'Secretário-Geral',
  'Diretor Financeiro',
  'Diretor Social',
  'Conselheiro Fiscal',
  'Coordenador Regional',
];
const VARAS = ['Vara Cível', 'Vara Criminal', 'Vara da Família', 'Vara da Fazenda', 'Juizado Especial', 'Vara do Júri', 'Vara de Execuções'];
const COMPANY_KINDS = [
  'Clínica',
  'Laboratório',
  'Drogaria',
  'Construtora',
  'Transportadora',
  'Papelaria',
  'Consultoria',
  'Advocacia',
  'Imobiliária',
  'Auto Peças',
  'Distribuidora',
  'Hotel',
  'Restaurante',
  'Gráfica',
  'Ótica',
  'Academia',
  'Colégio',
  'Corretora de Seguros',
  'Agência de Viagens',
  'Odontologia',
];
const COMPANY_SUFFIXES = [' Ltda', ' Ltda', ' S.A.', ' ME', ' EIRELI', ''];
/** Reserved domains only (RFC 2606): demo data must never e-mail a real person. */
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.com'];

/** Latest date any generated event may have: fixed, so the data does not depend on the day it runs. */
const LAST_DATE = Date.UTC(2025, 5, 30);
/** CPF bases of the staff demo users (access.seed.ts): never given to generated people. */
const RESERVED_CPF_BASES = new Set(['111444777', '222555888', '333666999', '444777000', '555888111']);
const BATCH = 1000;

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Month and day of each of the 366 days of a leap year, for spreading birthdays over the calendar. */
const CALENDAR = Array.from({ length: 366 }, (_, i) => {
  const d = new Date(Date.UTC(2000, 0, 1) + i * DAY_MS);
  return { month: d.getUTCMonth() + 1, day: d.getUTCDate() };
});

function slug(text: string) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}

/** Name parts kept apart so relatives can share surnames. */
interface Name {
  first: string;
  surnames: string[];
}

function fullName(name: Name, particles: Map<string, string>, withParticle: boolean[]) {
  const surnames = [...name.surnames];
  const flags = [...withParticle];
  const build = () =>
    [
      name.first,
      ...surnames.flatMap((s, i) => {
        const particle = particles.get(s);
        return particle && flags[i] ? [particle, s] : [s];
      }),
    ].join(' ');
  let text = build();
  // custName holds 64 characters: drop middle surnames until it fits.
  while (text.length > 64 && surnames.length > 1) {
    surnames.splice(0, 1);
    flags.splice(0, 1);
    text = build();
  }
  return text.slice(0, 64);
}

type Generator = ReturnType<typeof createGenerator>;

function createGenerator(scale: number) {
  const faker = new Faker({ locale: [pt_BR, base] });
  faker.seed(20_240_519 + scale);
  const fakerFirst = (pt_BR.person?.first_name ?? {}) as { male?: string[]; female?: string[] };
  const modernMale = fakerFirst.male ?? CLASSIC_MALE;
  const modernFemale = fakerFirst.female ?? CLASSIC_FEMALE;
  const surnameChoices = SURNAMES.map(([value, weight]) => ({ value, weight }));
  const particles = new Map(SURNAMES.filter((s) => s[2]).map(([name, , particle]) => [name, particle!]));
  const cityChoices = CITIES.map((c) => ({ value: c, weight: c[5] }));

  const int = (min: number, max: number) => faker.number.int({ min, max });
  const chance = (probability: number) => faker.datatype.boolean({ probability });
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const digits = (n: number) => faker.string.numeric({ length: n, allowLeadingZeros: true });

  let cpfCounter = 0;
  /** Unique CPFs: an affine permutation of the 9-digit bases (3^18 is coprime with 10^9). */
  function nextCpf() {
    for (;;) {
      const baseNumber = (cpfCounter++ * 387_420_489 + 271_828_182) % 1_000_000_000;
      const base9 = String(baseNumber).padStart(9, '0');
      if (RESERVED_CPF_BASES.has(base9) || /^(\d)\1{8}$/.test(base9)) continue;
      return cpfFromBase(base9);
    }
  }
  let cnpjCounter = 0;
  function nextCnpj() {
    const root = (cnpjCounter++ * 43_046_721 + 31_415_926) % 100_000_000;
    return cnpjFromBase(`${String(root).padStart(8, '0')}0001`);
  }

  // Internal numbers: increasing with gaps (numbers of people who left), 6 digits plus a check digit.
  const stride = Math.max(1, Math.min(3, Math.floor(980_000 / Math.max(1, scale))));
  function numeroInterno(index: number) {
    return numeroInternoOf(10_000 + index * stride + (stride > 1 ? int(0, stride - 1) : 0));
  }

  // A share of all people get their birthday by walking the calendar, so every day has several.
  let calendarCursor = 0;
  let personCounter = 0;
  function birthdate(year: number) {
    if (personCounter++ % 3 === 0) {
      const { month, day } = CALENDAR[calendarCursor++ % 366]!;
      const y = month === 2 && day === 29 && !isLeap(year) ? year - (year % 4) : year;
      return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    const start = Date.UTC(year, 0, 1);
    const days = isLeap(year) ? 366 : 365;
    return iso(start + int(0, days - 1) * DAY_MS);
  }
  /** A date between `from` (ISO or ms) plus some years and the fixed last date. */
  function dateAfter(fromIso: string, minYears: number, maxYears: number) {
    const from = Date.parse(fromIso) + minYears * 365.25 * DAY_MS;
    const to = Math.min(Date.parse(fromIso) + maxYears * 365.25 * DAY_MS, LAST_DATE);
    if (from >= to) return iso(Math.min(from, LAST_DATE));
    return iso(from + int(0, Math.floor((to - from) / DAY_MS)) * DAY_MS);
  }

  function firstName(sex: 0 | 1, birthYear: number) {
    const classic = birthYear < 1975 ? 0.85 : birthYear < 1995 ? 0.5 : 0.2;
    const list = chance(classic) ? (sex === 0 ? CLASSIC_MALE : CLASSIC_FEMALE) : sex === 0 ? modernMale : modernFemale;
    return pick(list);
  }
  const surname = () => faker.helpers.weightedArrayElement(surnameChoices);
  function surnames(count: number, avoid: string[] = []) {
    const list: string[] = [];
    while (list.length < count) {
      const s = surname();
      if (!list.includes(s) && !avoid.includes(s)) list.push(s);
    }
    return list;
  }
  function render(name: Name) {
    return fullName(
      name,
      particles,
      name.surnames.map(() => chance(0.35)),
    );
  }

  const city = () => faker.helpers.weightedArrayElement(cityChoices);
  const cell = (ddd: string) => ({ ddd, number: `9${int(6, 9)}${digits(7)}` });
  const landline = () => `${int(2, 5)}${digits(7)}`;
  function email(name: Name, magistrate: boolean) {
    const user = `${slug(name.first.split(' ')[0]!)}.${slug(name.surnames[name.surnames.length - 1]!)}`;
    const domain = magistrate && chance(0.4) ? 'tj.example.org' : pick(EMAIL_DOMAINS);
    return `${user}${chance(0.5) ? int(1, 99) : ''}@${domain}`;
  }
  function street() {
    const type = faker.helpers.weightedArrayElement(STREET_TYPES);
    const roll = int(1, 10);
    if (roll <= 4) return `${type} ${pick(STREET_NAMES)}`;
    const person = `${firstName(chance(0.8) ? 0 : 1, 1900)} ${surname()}`;
    return `${type} ${roll <= 7 ? `${pick(STREET_TITLES)} ` : ''}${person}`.slice(0, 80);
  }
  function address(cstId: number, kind: 1 | 2 | 3, where = city()): AddressRow {
    const [cityName, uf, ddd, cepFrom, cepTo] = where;
    const row: AddressRow = {
      cstId,
      kind,
      adZipcode: String(int(cepFrom, cepTo)).padStart(8, '0'),
      adAddress: street(),
      adNumber: String(int(1, 3999)),
      adComplement: null,
      adBairro: pick(BAIRROS),
      adCity: cityName,
      adState: uf,
    };
    if (kind === 1) {
      if (chance(0.45)) row.adComplement = `Apto ${int(1, 25)}${int(1, 4)}`;
      if (chance(0.7)) {
        row.adPhoneDdd = ddd;
        row.adPhone = landline();
      }
      if (chance(0.2)) {
        row.adPhoneDdd2 = ddd;
        row.adPhone2 = landline();
      }
    } else if (kind === 2) {
      row.adComplement = `Sala ${int(1, 25)}${String(int(1, 20)).padStart(2, '0')}`;
      if (chance(0.8)) {
        row.adPhoneDdd = ddd;
        row.adPhone = landline();
      }
    } else {
      row.adComplement = `${int(1, 9)}ª ${pick(VARAS)}`.slice(0, 20);
      row.adPhoneDdd = ddd;
      row.adPhone = landline();
    }
    return row;
  }

  return {
    faker,
    int,
    chance,
    pick,
    digits,
    nextCpf,
    nextCnpj,
    numeroInterno,
    birthdate,
    dateAfter,
    firstName,
    surnames,
    render,
    city,
    cell,
    landline,
    email,
    address,
    surname,
  };
}

interface Generated {
  customers: CustomerRow[];
  addresses: AddressRow[];
  positions: PositionRow[];
  terceiros: TerceiroRow[];
  portalMember: NonNullable<SeededPeople['portalMember']>;
  holders: number;
  dependents: number;
}

function generate(scale: number, firstId: number): Generated {
  const g = createGenerator(scale);
  const out: Generated = {
    customers: [],
    addresses: [],
    positions: [],
    terceiros: [],
    portalMember: { cstId: 0, cpf: '', name: '', email: null },
    holders: 0,
    dependents: 0,
  };
  let nextId = firstId;
  const deceased: Array<{ cstId: number; sex: 0 | 1; surname: string }> = [];
  let portalSeed: PortalSeed | undefined;

  for (let index = 0; index < scale; index++) {
    const cstId = nextId++;
    // The first holder is the portal demo member: a living, active magistrate with e-mail and address.
    const portal = index === 0;
    let status = portal
      ? 'M'
      : g.faker.helpers.weightedArrayElement([
          { weight: 45, value: 'M' },
          { weight: 8, value: 'N' },
          { weight: 8, value: 'H' },
          { weight: 9, value: 'J' },
          { weight: 12, value: 'V' },
          { weight: 10, value: 'F' },
          { weight: 8, value: 'O' },
        ]);
    const widowOf = status === 'V' ? (deceased.length ? g.pick(deceased) : undefined) : undefined;
    if (status === 'V' && !widowOf) status = 'M';
    const magistrate = 'MNHJ'.includes(status);
    const situacao = portal
      ? 1
      : status === 'V'
        ? 1
        : g.faker.helpers.weightedArrayElement(
            magistrate
              ? [
                  { weight: 70, value: 1 },
                  { weight: 20, value: 2 },
                  { weight: 10, value: 5 },
                ]
              : [
                  { weight: 85, value: 1 },
                  { weight: 10, value: 2 },
                  { weight: 5, value: 5 },
                ],
          );
    const sex: 0 | 1 = widowOf ? (widowOf.sex === 0 ? 1 : 0) : g.chance(magistrate ? 0.58 : 0.45) ? 0 : 1;
    const birthYear = situacao === 1 ? g.int(status === 'V' ? 1940 : 1958, 1995) : situacao === 2 ? g.int(1935, 1962) : g.int(1925, 1958);
    const birth = g.birthdate(birthYear);
    const name: Name = { first: g.firstName(sex, birthYear), surnames: g.surnames(g.int(1, 3)) };
    if (widowOf && !name.surnames.includes(widowOf.surname)) name.surnames.push(widowOf.surname);
    const custName = g.render(name);
    const cpf = g.nextCpf();
    const where = g.city();
    const ddd = where[2];
    const dead = situacao === 5;
    const deceasedOn = dead ? g.dateAfter(birth, 50, 95) : null;
    const living = !dead;
    const hasEmail = portal || (living && g.chance(0.93));
    const email = hasEmail ? g.email(name, magistrate) : null;
    const phone = living && (portal || g.chance(0.9)) ? g.cell(ddd) : null;
    const hasSpouse = !widowOf && g.chance(0.62);

    const row: CustomerRow = {
      cstId,
      parentId: null,
      custName,
      custBirthdate: birth,
      custSex: sex,
      custEstadoCivil: widowOf ? 4 : hasSpouse ? g.pick([2, 2, 2, 5]) : g.pick([1, 1, 3]),
      custCpf: cpf,
      custRg: `${g.digits(2)}.${g.digits(3)}.${g.digits(3)}-${g.int(0, 9)}`,
      custRgEmissor: `SSP/${where[1]}`,
      custTreatment: magistrate ? (g.chance(0.15) ? (sex === 0 ? 'Des.' : 'Desa.') : sex === 0 ? 'Dr.' : 'Dra.') : sex === 0 ? 'Sr.' : 'Sra.',
      custFiliacaoMae: g.render({ first: g.firstName(1, birthYear - 28), surnames: [...g.surnames(1), name.surnames[0]!] }),
      custFiliacaoPai: g.render({ first: g.firstName(0, birthYear - 30), surnames: [name.surnames[name.surnames.length - 1]!] }),
      custNacionalidade: 'Brasileira',
      custNaturalidade: `${where[0]}/${where[1]}`,
      custEmail: email,
      custCelularDdd: phone?.ddd ?? null,
      custCelular: phone?.number ?? null,
      custStatus: status,
      custSocio: living && (portal || g.chance(0.85)) ? 'S' : 'N',
      custAssocSituacao: situacao,
      custNumeroInterno: g.numeroInterno(index),
      custConcurso: magistrate ? `${g.int(120, 190)}º Concurso` : null,
      custComunicacao: g.faker.helpers.weightedArrayElement([
        { weight: 70, value: 1 },
        { weight: 10, value: 2 },
        { weight: 15, value: 3 },
        { weight: 5, value: 4 },
      ]),
      custExtratoPorEmail: hasEmail && g.chance(0.6),
      custIRPorEmail: hasEmail && g.chance(0.5),
      falId: widowOf?.cstId ?? null,
      custCobrancaDia: g.chance(0.8) ? 4 : g.int(1, 28),
      custAdmissao: g.dateAfter(birth, 26, 40),
      custAposentadoria: situacao === 2 ? g.dateAfter(birth, 60, 75) : null,
      custMarriage: hasSpouse ? g.dateAfter(birth, 22, 40) : null,
      custDeceased: deceasedOn,
    };
    // Billing (spec 1 §5 bank rules): every debit place, with accounts whose check digits are valid.
    row.custFinanceiroStatus = living ? (g.chance(0.95) ? 'A' : 'I') : 'S';
    if (living) {
      const roll = g.int(1, 100);
      if (roll <= 30) {
        const branch = g.digits(4);
        const account = g.digits(8);
        Object.assign(row, {
          bnkId: BANCO_DO_BRASIL,
          bnkaccBranch: branch,
          bnkaccBranchDigit: bbCheckDigit(branch),
          bnkaccAccount: account,
          bnkaccAccountDigit: bbCheckDigit(account),
        });
      } else if (roll <= 50) {
        const branch = g.digits(4);
        const account = g.digits(8);
        Object.assign(row, {
          bnkId: SANTANDER,
          bnkaccBranch: branch,
          bnkaccAccount: account,
          bnkaccAccountDigit: santanderCheckDigit(branch, account),
        });
      } else if (roll <= 58) {
        Object.assign(row, { bnkId: MAGISCRED, bnkaccBranch: MAGISCRED_BRANCH, bnkaccAccount: g.digits(6) });
      } else if (roll <= 63) {
        const account = g.digits(7);
        Object.assign(row, { bnkId: COBRANCA_JUDICIAL, bnkaccAccount: account, bnkaccAccountDigit: mod11CheckDigit(account) });
      } else if (roll <= 73 && row.custFinanceiroStatus === 'A') {
        Object.assign(row, { bnkId: ASSOCIATION_PAYROLL, bnkaccAccount: g.digits(8) }); // registration number only
      } else if (roll <= 92) {
        row.bnkId = BOLETO;
      } else {
        row.bnkId = NO_BILLING;
      }
    } else {
      row.bnkId = NO_BILLING;
    }
    // The portal demo member pays by boleto (issue 28): the portal's Cobranças shows an open boleto and paid ones at
    // any scale. Drawn after the roll, so every other holder's data stays as it was.
    if (portal) Object.assign(row, { bnkId: BOLETO, bnkaccBranch: null, bnkaccBranchDigit: null, bnkaccAccount: null, bnkaccAccountDigit: null });
    if (g.chance(0.1)) {
      row.custContatoNome = g.render({ first: g.firstName(g.chance(0.5) ? 0 : 1, birthYear), surnames: g.surnames(2) });
      row.custContatoParentesco = g.pick([1, 2, 7]);
      const contact = g.cell(ddd);
      row.custContatoFoneDdd = contact.ddd;
      row.custContatoFone = contact.number;
    }

    out.addresses.push(g.address(cstId, 1, where));
    if (g.chance(0.25)) out.addresses.push(g.address(cstId, 2, where));
    if (status === 'M' && situacao === 1) {
      out.addresses.push(g.address(cstId, 3, where));
      if (g.chance(0.3)) row.enderecoSelected = 3;
    }
    if (g.chance(0.03)) {
      let year = 2 * g.int(995, 1011);
      for (let n = g.int(1, 3); n > 0 && year <= 2024; n--, year += 2) {
        out.positions.push({
          cstId,
          cargo: g.pick(ASSOCIATION_POSITIONS),
          dataEntrada: new Date(Date.UTC(year, 0, 1, 12)),
          dataSaida: year + 2 > 2025 ? null : new Date(Date.UTC(year + 2, 0, 1, 12)),
        });
      }
    }
    out.customers.push(row);
    out.holders++;
    if (portal) {
      out.portalMember = { cstId, cpf, name: custName, email };
      portalSeed = { row, where, familyName: name.surnames[name.surnames.length - 1]!, birthYear };
    }
    if (dead) deceased.push({ cstId, sex, surname: name.surnames[name.surnames.length - 1]! });

    // Dependents: 0-3 (about 1.1 per holder).
    const count = g.faker.helpers.weightedArrayElement([
      { weight: 30, value: 0 },
      { weight: 40, value: 1 },
      { weight: 20, value: 2 },
      { weight: 10, value: 3 },
    ]);
    let spouse: Name | undefined;
    for (let d = 0; d < count; d++) {
      let kinship: number;
      if (d === 0 && hasSpouse) kinship = row.custEstadoCivil === 5 ? 4 : 1;
      else if (birthYear >= 1968 && g.chance(0.1)) kinship = 3;
      else
        kinship = g.faker.helpers.weightedArrayElement([
          { weight: 80, value: 2 },
          { weight: 6, value: 5 },
          { weight: 8, value: 6 },
          { weight: 4, value: 7 },
          { weight: 2, value: 8 },
        ]);
      let year: number;
      let depSex: 0 | 1 = g.chance(0.5) ? 0 : 1;
      let depName: Name;
      const familyName = name.surnames[name.surnames.length - 1]!;
      if (kinship === 1 || kinship === 4) {
        year = birthYear + g.int(-6, 8);
        depSex = sex === 0 ? 1 : 0;
        depName = { first: g.firstName(depSex, year), surnames: g.surnames(g.int(1, 2), [familyName]) };
        if (depSex === 1 && kinship === 1 && g.chance(0.6)) depName.surnames.push(familyName);
        spouse = depName;
      } else if (kinship === 3 || kinship === 8) {
        year = birthYear - g.int(20, 35);
        depName = { first: g.firstName(depSex, year), surnames: kinship === 3 ? [...name.surnames] : g.surnames(2) };
      } else if (kinship === 6) {
        year = Math.min(birthYear + g.int(45, 60), 2024);
        depName = { first: g.firstName(depSex, year), surnames: [...g.surnames(1), familyName] };
      } else if (kinship === 7) {
        year = birthYear + g.int(-10, 10);
        depName = { first: g.firstName(depSex, year), surnames: [...name.surnames] };
      } else {
        year = Math.min(birthYear + g.int(22, 42), 2024);
        const mother = spouse && sex === 0 ? spouse.surnames[0]! : g.surname();
        depName = { first: g.firstName(depSex, year), surnames: mother === familyName ? [familyName] : [mother, familyName] };
      }
      const depBirth = g.birthdate(year);
      const adult = year <= 2005;
      const depPhone = adult && g.chance(kinship === 1 ? 0.6 : 0.35) ? g.cell(ddd) : null;
      const depDeceased = kinship === 3 && year < 1945 && g.chance(0.3) ? g.dateAfter(depBirth, 75, 95) : null;
      out.customers.push({
        cstId: nextId++,
        parentId: cstId,
        custName: g.render(depName),
        custBirthdate: depBirth,
        custSex: depSex,
        custCpf: adult || g.chance(0.7) ? g.nextCpf() : null,
        custEmail: adult && g.chance(0.4) ? g.email(depName, false) : null,
        custCelularDdd: depPhone?.ddd ?? null,
        custCelular: depPhone?.number ?? null,
        custParentesco: kinship,
        custSocio: 'N',
        custDeceased: depDeceased,
      });
      out.dependents++;
    }
  }

  // Third parties: 2 % of the scale, people (CPF) and companies (CNPJ).
  const thirdParties = Math.max(1, Math.round(scale * 0.02));
  for (let i = 0; i < thirdParties; i++) {
    const company = g.chance(0.45);
    const where = g.city();
    const [cityName, uf, ddd, cepFrom, cepTo] = where;
    const owner: Name = { first: g.firstName(g.chance(0.5) ? 0 : 1, 1970), surnames: g.surnames(g.int(1, 2)) };
    const terNome = company
      ? `${g.pick(COMPANY_KINDS)} ${owner.surnames.join(g.chance(0.3) ? ' & ' : ' ')}${g.pick(COMPANY_SUFFIXES)}`.slice(0, 80)
      : g.render(owner);
    out.terceiros.push({
      terTipo: company ? 1 : 0,
      terCPFCNPJ: company ? g.nextCnpj() : g.nextCpf(),
      terNome,
      terContato: company ? g.render({ first: g.firstName(g.chance(0.5) ? 0 : 1, 1975), surnames: g.surnames(1) }) : null,
      terEmail: g.chance(0.8)
        ? `${company ? 'contato' : slug(owner.first.split(' ')[0]!)}.${slug(owner.surnames[0]!)}@${g.pick(EMAIL_DOMAINS)}`
        : null,
      terCEP: String(g.int(cepFrom, cepTo)).padStart(8, '0'),
      terLogradouro: `Rua ${owner.first.split(' ')[0]} ${g.surname()}`.slice(0, 80),
      terNumero: String(g.int(1, 3999)),
      terComplemento: company && g.chance(0.5) ? `Sala ${g.int(1, 30)}` : null,
      terBairro: g.pick(BAIRROS),
      terCidade: cityName,
      terUF: uf,
      terTelefone1: `${ddd}${g.landline()}`,
      terTelefone2: g.chance(0.6) ? `${ddd}9${g.digits(8)}` : null,
    });
  }
  // Last, so every other row stays as the generator drew it: the portal member shows every panel of its Cadastro.
  if (portalSeed) completePortalMember(g, out, portalSeed, () => nextId++);
  return out;
}

interface PortalSeed {
  row: CustomerRow;
  where: ReturnType<Generator['city']>;
  familyName: string;
  birthYear: number;
}

/**
 * Issue 28: the portal demo member (an active magistrate with e-mail, mobile, residential and forum addresses) also
 * gets a commercial address, an emergency contact and at least two dependents, whatever the scale.
 */
function completePortalMember(g: Generator, out: Generated, seed: PortalSeed, newId: () => number) {
  const { row, where, familyName, birthYear } = seed;
  const cstId = row.cstId!;
  if (!out.addresses.some((a) => a.cstId === cstId && a.kind === 2)) out.addresses.push(g.address(cstId, 2, where));
  if (!row.custContatoNome) {
    const contact = g.cell(where[2]);
    row.custContatoNome = g.render({ first: g.firstName(1, birthYear - 25), surnames: [familyName] });
    row.custContatoParentesco = 3;
    row.custContatoFoneDdd = contact.ddd;
    row.custContatoFone = contact.number;
  }
  let dependents = out.customers.filter((c) => c.parentId === cstId).length;
  for (; dependents < 2; dependents++) {
    const year = Math.min(birthYear + 28 + dependents * 3, 2020);
    const depSex: 0 | 1 = dependents % 2 === 0 ? 0 : 1;
    out.customers.push({
      cstId: newId(),
      parentId: cstId,
      custName: g.render({ first: g.firstName(depSex, year), surnames: [familyName] }),
      custBirthdate: g.birthdate(year),
      custSex: depSex,
      custCpf: g.nextCpf(),
      custEmail: null,
      custCelularDdd: null,
      custCelular: null,
      custParentesco: 2,
      custSocio: 'N',
      custDeceased: null,
    });
    out.dependents++;
  }
}

/**
 * Multi-row insert of `BATCH` rows per statement, sent as one JSON parameter (building a 1,000-row
 * VALUES list with the query builder costs more than the database work). Keys missing from a row take
 * the column's default value; columns no row sets are left to the database defaults.
 */
async function insertInBatches(tx: Tx, table: PgTable, rows: object[]) {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table))
    .filter(([key]) => rows.some((row) => key in row))
    .map(([key, column]) => ({
      key,
      name: column.name,
      fallback: column.hasDefault && (typeof column.default !== 'object' || column.default === null) ? column.default : null,
    }));
  const list = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const tableName = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = rows.slice(i, i + BATCH).map((row) => {
      const record: Record<string, unknown> = {};
      for (const c of columns) record[c.name] = (row as Record<string, unknown>)[c.key] ?? c.fallback;
      return record;
    });
    await tx.execute(sql`insert into ${tableName} (${list})
      select ${list} from json_populate_recordset(null::${tableName}, ${JSON.stringify(json)}::json)
      on conflict do nothing`);
  }
}

/** Generates and inserts the demo people in one transaction; returns the portal demo member. */
export async function seedPeople(db: Db, opts: { scale: number; log: (line: string) => void }): Promise<SeededPeople> {
  const started = Date.now();
  const scale = Math.max(1, Math.floor(opts.scale));
  const { rows } = await db.execute<{ max: number }>(sql`select coalesce(max(cst_id), 0)::int as max from customers`);
  const data = generate(scale, (rows[0]?.max ?? 0) + 1);

  await db.transaction(async (tx) => {
    await insertInBatches(tx, customers, data.customers);
    await tx.execute(sql`select setval(pg_get_serial_sequence('customers', 'cst_id'), (select max(cst_id) from customers))`);
    await insertInBatches(tx, addresses, data.addresses);
    await insertInBatches(tx, positionHistory, data.positions);
    await insertInBatches(tx, terceiros, data.terceiros);
  });
  // Fresh statistics for the planner, and a visibility map so the search's alphabetical walk is index-only.
  await db.execute(sql`vacuum (analyze) customers, addresses, position_history, terceiros`);
  opts.log(
    `Pessoas: ${data.holders} titulares, ${data.dependents} dependentes, ${data.terceiros.length} terceiros, ` +
      `${data.addresses.length} endereços em ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { portalMember: data.portalMember };
}

/** The billing fields of a holder moved to debit place `bnkId`, with valid check digits, derived from its id. */
function accountFor(bnkId: number, cstId: number) {
  const digits = (n: number, width: number) => String(n % 10 ** width).padStart(width, '0');
  const branch = digits(cstId * 37 + 1000, 4);
  const none = { bnkacc_branch: null, bnkacc_branch_digit: null, bnkacc_account: null, bnkacc_account_digit: null };
  switch (bnkId) {
    case BANCO_DO_BRASIL: {
      const account = digits(cstId * 7919, 8);
      return {
        ...none,
        bnkacc_branch: branch,
        bnkacc_branch_digit: bbCheckDigit(branch),
        bnkacc_account: account,
        bnkacc_account_digit: bbCheckDigit(account),
      };
    }
    case SANTANDER: {
      const account = digits(cstId * 7919, 8);
      return { ...none, bnkacc_branch: branch, bnkacc_account: account, bnkacc_account_digit: santanderCheckDigit(branch, account) };
    }
    case MAGISCRED:
      return { ...none, bnkacc_branch: MAGISCRED_BRANCH, bnkacc_account: digits(cstId * 7919, 6) };
    case COBRANCA_JUDICIAL: {
      const account = digits(cstId * 7919, 7);
      return { ...none, bnkacc_account: account, bnkacc_account_digit: mod11CheckDigit(account) };
    }
    case ASSOCIATION_PAYROLL:
      return { ...none, bnkacc_account: digits(cstId * 7919, 8) };
    default:
      return none;
  }
}

/**
 * Every debit place has living, active holders at any scale (issue 22 item 25): at a small scale the random draw may
 * miss one, so for each missing place the last active holder of the most populated place (never a demo sign-in's
 * member) moves there with a valid account. Deterministic; at the usual scales it changes nothing.
 */
async function ensureEveryDebitPlace(db: Db) {
  const places = [SANTANDER, BANCO_DO_BRASIL, ASSOCIATION_PAYROLL, BOLETO, MAGISCRED, COBRANCA_JUDICIAL, NO_BILLING];
  for (const bnkId of places) {
    const { rows } = await db.execute<{ cst_id: number }>(sql`
      select c.cst_id from customers c
       where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao <> 5 and c.cust_financeiro_status = 'A'
         and c.bnk_id is distinct from ${bnkId}
         and not exists (select 1 from customers x where x.parent_id is null and x.bnk_id = ${bnkId} and x.cust_deceased is null
                           and x.cust_assoc_situacao <> 5 and x.cust_financeiro_status = 'A')
         and not exists (select 1 from users u where u.cst_id = c.cst_id)
         and (select count(*) from customers y where y.parent_id is null and y.bnk_id = c.bnk_id and y.cust_deceased is null
                and y.cust_assoc_situacao <> 5 and y.cust_financeiro_status = 'A') > 1
       order by (select count(*) from customers y where y.parent_id is null and y.bnk_id = c.bnk_id) desc, c.cst_id desc
       limit 1`);
    const donor = rows[0];
    if (!donor) continue;
    const a = accountFor(bnkId, donor.cst_id);
    await db.execute(sql`
      update customers set bnk_id = ${bnkId}, bnkacc_branch = ${a.bnkacc_branch}, bnkacc_branch_digit = ${a.bnkacc_branch_digit},
             bnkacc_account = ${a.bnkacc_account}, bnkacc_account_digit = ${a.bnkacc_account_digit}
       where cst_id = ${donor.cst_id}`);
  }
}

/**
 * What the demo members hold once the registries exist (run after seedRegistries, seedServices and seedLocations):
 * service rows (a sócio M has the Fundo de Pecúlio, service 170, and a fee of product 17; other sócios a fee; a
 * third of the living holders a health plan by age, half of their dependents too; a fifth of the living holders a
 * phone line), the open association position as Cargo 1, and a forum,
 * local and position for the active magistrates (Localização). Set-based SQL, so 30,000 holders take a moment.
 */
export async function seedMemberLinks(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  await ensureEveryDebitPlace(db);
  await db.transaction(async (tx) => {
    // Fees of product 17 by situation/status: pensionista (V), aposentado (situation 2), associativa otherwise.
    await tx.execute(sql`
      with fees as (
        select svc_id, svc_valor, svc_name from services where suc_id = ${FEE_SUC_ID} and deleted_at is null
      ), holder as (
        select cst_id, cust_status, cust_assoc_situacao, coalesce(cust_admissao, date '2020-01-01') as inicio
          from customers where parent_id is null and cust_socio = 'S'
      )
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_inicio)
      select h.cst_id, f.svc_id, f.svc_valor, 1, h.inicio
        from holder h
        join fees f on f.svc_name = case when h.cust_status = 'V' then 'Mensalidade de pensionista'
                                         when h.cust_assoc_situacao = 2 then 'Mensalidade de aposentado'
                                         else 'Mensalidade associativa' end`);
    await tx.execute(sql`
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_inicio)
      select c.cst_id, s.svc_id, s.svc_valor, 1, coalesce(c.cust_admissao, date '2020-01-01')
        from customers c join services s on s.svc_id = ${FUNDO_PECULIO_SVC_ID}
       where c.parent_id is null and c.cust_socio = 'S' and c.cust_status = 'M'`);
    // Health plans: the band of the holder's age, for every third living holder, and for the holder of the first
    // living dependent (so at any scale some family has a plan with dependents in it).
    await tx.execute(sql`
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_str1, csl_date1, csl_inicio)
      select c.cst_id, s.svc_id, s.svc_valor, 1, lpad((c.cst_id * 7919 % 1000000000)::text, 9, '0'), date '2027-12-31', date '2024-01-01'
        from customers c
        join lateral (
          select sv.svc_id, sv.svc_valor from services sv join products p on p.suc_id = sv.suc_id
           where p.suc_health and sv.deleted_at is null and sv.svc_name like 'Titular%'
             and extract(year from age(c.cust_birthdate)) between sv.svc_min and sv.svc_max
           order by sv.suc_id, sv.svc_id limit 1) s on true
       where c.parent_id is null and c.cust_assoc_situacao <> 5 and c.cust_birthdate is not null
         and (c.cst_id % 3 = 0 or c.cst_id = (select min(d.parent_id) from customers d join customers p on p.cst_id = d.parent_id
                                                where d.cust_deceased is null and d.cust_birthdate is not null
                                                  and p.cust_assoc_situacao <> 5 and p.cust_birthdate is not null))`);
    // Dependents in their holder's plan (issue 22 item 25: the health declaration and the informe list them): the band
    // of the dependent's age in the holder's product, for every other living dependent and the first of them.
    await tx.execute(sql`
      with eligible as (
        select d.cst_id, d.cust_birthdate, hs.suc_id, row_number() over (order by d.cst_id) as rn
          from customers d
          join customers h on h.cst_id = d.parent_id
          join customer_services hcs on hcs.cst_id = h.cst_id
          join services hs on hs.svc_id = hcs.svc_id and hs.svc_name like 'Titular%'
          join products hp on hp.suc_id = hs.suc_id and hp.suc_health
         where d.cust_deceased is null and d.cust_birthdate is not null
      )
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_str1, csl_date1, csl_inicio)
      select e.cst_id, s.svc_id, s.svc_valor, 1, lpad((e.cst_id * 7919 % 1000000000)::text, 9, '0'), date '2027-12-31', date '2024-01-01'
        from eligible e
        join lateral (
          select sv.svc_id, sv.svc_valor from services sv
           where sv.suc_id = e.suc_id and sv.deleted_at is null and sv.svc_name like 'Titular%'
             and extract(year from age(e.cust_birthdate)) between sv.svc_min and sv.svc_max
           order by sv.svc_id limit 1) s on true
       where e.cst_id % 2 = 0 or e.rn = 1`);
    // Phone lines (issue 22 item 25: the mobile statement's three months of calls): every fifth living holder and the
    // first one, with the line's number (plugin plgCelular: 10 to 11 digits).
    await tx.execute(sql`
      insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_str1, csl_inicio)
      select c.cst_id, s.svc_id, s.svc_valor, 1, '119' || lpad((c.cst_id::bigint * 7919 % 100000000)::text, 8, '0'), date '2024-01-01'
        from customers c
        join services s on s.svc_name = 'Linha móvel 20 GB' and s.deleted_at is null
       where c.parent_id is null and c.cust_assoc_situacao <> 5 and c.cust_deceased is null
         and (c.cst_id % 5 = 2 or c.cst_id = (select min(x.cst_id) from customers x
                                                where x.parent_id is null and x.cust_assoc_situacao <> 5 and x.cust_deceased is null))`);
    // The open position as Cargo 1.
    await tx.execute(sql`
      update customers c set cust_assoc_cargo = a.aac_id
        from position_history p join assoc_cargos a on a.aac_cargo = p.cargo and a.deleted_at is null
       where p.cst_id = c.cst_id and p.data_saida is null`);
    // Localização of the active magistrates: a local (and its forum) and a forum position, spread by id.
    await tx.execute(sql`
      with l as (select loc_id, apf_id, row_number() over (order by loc_id) as rn, count(*) over () as n from locals where deleted_at is null),
           fc as (select afc_id, row_number() over (order by afc_id) as rn, count(*) over () as n from forum_cargos where deleted_at is null)
      update customers c set loc_id = l.loc_id, apf_id = l.apf_id, afc_id = fc.afc_id
        from l, fc
       where c.parent_id is null and c.cust_status in ('M', 'N', 'H', 'J') and c.cust_assoc_situacao = 1
         and l.rn = c.cst_id % l.n + 1 and fc.rn = c.cst_id % fc.n + 1`);
  });
  await db.execute(sql`analyze customer_services`);
  log(`Serviços e vínculos dos associados em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
