import { z } from 'zod';
import { binaryReply, defineContract } from '../contract/route-contract.js';

/**
 * 'Mudança de faixa etária' (spec 1 §2: the Atendimento menu's url link, issue 30 item 1): the people whose age-range
 * service (svcMudaFaixa, the price table of a product by age svcMin..svcMax) changes price next month, because their
 * age reaches the next range during it. Texts are ours: the spec names only the link.
 */
export const ageBandMessages = {
  title: 'Mudança de faixa etária',
  intro: (month: string) => `Pessoas cuja faixa etária muda em ${month}: o serviço e o valor atuais e os da nova faixa.`,
  empty: 'Nenhuma mudança de faixa etária no próximo mês',
  noBand: 'Sem faixa',
  exportButton: 'Exportar Excel',
  exportFileName: 'mudanca-faixa-etaria.xlsx',
} as const;

/** Who opens the page: the menu entry's role (under Atendimento). */
export const AGE_BAND_ROLE = 'v2atd' as const;

export const ageBandQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AgeBandQuery = z.infer<typeof ageBandQuerySchema>;

export const ageBandRowSchema = z.object({
  /** The service row that changes (customer_services). */
  cslId: z.number().int(),
  /** The person whose service it is (holder or dependent) and their holder. */
  cstId: z.number().int(),
  holderId: z.number().int(),
  titular: z.string(),
  matricula: z.string().nullable(),
  nome: z.string(),
  /** YYYY-MM-DD. */
  nascimento: z.string(),
  /** The age reached next month. */
  idade: z.number().int(),
  /** DD/MM/YYYY of the birthday next month. */
  aniversario: z.string(),
  produto: z.string(),
  servico: z.string(),
  /** Cents. */
  valorAtual: z.number().int(),
  novoServico: z.string().nullable(),
  novoValor: z.number().int().nullable(),
});
export type AgeBandRow = z.infer<typeof ageBandRowSchema>;

export const ageBandPageSchema = z.object({
  /** The month of the change, MM/YYYY. */
  mes: z.string(),
  items: z.array(ageBandRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgeBandPage = z.infer<typeof ageBandPageSchema>;

const access = { roles: [AGE_BAND_ROLE] };
const tags = ['faixa etária'];

export const ageBandContracts = {
  list: defineContract({
    method: 'GET',
    path: '/mudancafaixa',
    query: ageBandQuerySchema,
    reply: ageBandPageSchema,
    access,
    summary: 'Mudança de faixa etária: quem muda de faixa no próximo mês, com o valor atual e o novo (paginado)',
    tags,
  }),
  export: defineContract({
    method: 'GET',
    path: '/mudancafaixa/export',
    reply: binaryReply,
    access,
    summary: "'Exportar Excel': a lista inteira em 'mudanca-faixa-etaria.xlsx'",
    tags,
  }),
};

/** The columns of 'Exportar Excel' (and the page's table). */
export const ageBandColumns = [
  { header: 'Aniversário', key: 'aniversario', width: 12 },
  { header: 'Matrícula', key: 'matricula', width: 12 },
  { header: 'Titular', key: 'titular', width: 40 },
  { header: 'Beneficiário', key: 'nome', width: 40 },
  { header: 'Nascimento', key: 'nascimento', width: 12 },
  { header: 'Nova idade', key: 'idade', width: 10 },
  { header: 'Produto', key: 'produto', width: 30 },
  { header: 'Serviço atual', key: 'servico', width: 30 },
  { header: 'Valor atual (R$)', key: 'valorAtual', width: 16 },
  { header: 'Nova faixa', key: 'novoServico', width: 30 },
  { header: 'Novo valor (R$)', key: 'novoValor', width: 16 },
] as const;
