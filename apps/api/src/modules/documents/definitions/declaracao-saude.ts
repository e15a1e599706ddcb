import { z } from 'zod';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  cnpjField,
  cpfField,
  formatCents,
  formatCnpj,
  formatCpf,
  formatDate,
  formatDateLong,
  HEALTH_DECLARATION_PLANS,
  isoDateField,
  moneyCents,
  optionalText,
  requiredText,
  sumCents,
} from '@assoc/domain';
import { customers } from '../../../db/schema/index.js';
import { createHealthDeclarationRepository } from '../../health-declaration/health-declaration.repository.js';
import type { DocumentDefinition } from '../document.types.js';
import { A4, CONTENT_WIDTH, MARGIN_X, field, fixed, letterhead, letterheadInputs, paragraph, signatureBlock, tableField } from './layout.js';

const data = z.object({
  /** The health plan (spec 2: plans 21 and 22). */
  plano: z.object({ codigo: z.union([z.literal(21), z.literal(22)], { error: 'Plano deve ser 21 ou 22' }), nome: requiredText(1, 80) }),
  titular: z.object({ nome: requiredText(1, 64), cpf: cpfField(), nascimento: isoDateField() }),
  dependentes: z
    .array(z.object({ nome: requiredText(1, 64), parentesco: requiredText(1, 40), nascimento: isoDateField(), cpf: optionalText(14) }))
    .max(200),
  local: requiredText(1, 60),
  /**
   * What was paid to the health plans (21 and 22) in the period, per beneficiary (BANKING-AND-HEALTH §5: name, CPF,
   * relationship, amount paid, amount reimbursed; the entity's name and CNPJ). Amounts in cents from the ledger (the
   * health-declaration service says which entries count).
   */
  pagamentos: z.object({
    /** 'MM/AAAA'. */
    periodo: z.string().regex(/^(0[1-9]|1[0-2])\/\d{4}$/, 'Período inválido (MM/AAAA)'),
    /** The entity (ASSOCIATION_NAME / BOLETO_BENEFICIARY_CNPJ); absent only in the /reports demo, which prints the association's name. */
    entidade: z.object({ nome: requiredText(1, 120), cnpj: cnpjField() }).optional(),
    beneficiarios: z
      .array(
        z.object({
          nome: requiredText(1, 80),
          cpf: optionalText(14),
          parentesco: requiredText(1, 40),
          /** Net of reversals: a reversal of an earlier period's fee may make it negative. */
          pago: moneyCents(),
          reembolsado: moneyCents().default(0),
        }),
      )
      .max(200),
  }),
});

const formatMonthYearOf = (date: Date) => `${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;

/** The payments table's row when the period has no health-plan entry. */
export const NO_HEALTH_PAYMENTS = 'Nenhum pagamento de plano de saúde no período';

const QUESTIONNAIRE = [
  '1. Declaro que as informações prestadas nesta declaração são verdadeiras e completas, inclusive quanto aos meus dependentes acima relacionados.',
  '2. Declaro ter conhecimento de que doenças ou lesões preexistentes, das quais eu ou meus dependentes saibamos ser portadores, estão sujeitas a cobertura parcial temporária, nos termos da regulamentação da Agência Nacional de Saúde Suplementar (ANS).',
  '3. Declaro estar ciente de que a omissão de informações sobre doenças ou lesões preexistentes pode acarretar a suspensão ou o cancelamento do plano.',
  '4. Autorizo a associação e a operadora a utilizarem estas informações exclusivamente para fins de adesão e manutenção do plano de saúde, nos termos da Lei Geral de Proteção de Dados (Lei nº 13.709/2018).',
].join('\n');

const HOLDER =
  'Eu, {nome}, inscrito(a) no CPF sob o nº {cpf}, nascido(a) em {nascimento}, associado(a) da {associacao}, declaro, para fins de adesão ao plano de saúde indicado, em meu nome e no dos dependentes abaixo relacionados:';

/** Declaração de saúde, one definition for plans 21 and 22 (the plan is in the data; GET user/decsaude/{cstId}/{period}). */
export const declaracaoSaude: DocumentDefinition<typeof data> = {
  name: 'declaracao-saude',
  description: 'Declaração de saúde (planos 21 e 22)',
  data,
  template: {
    basePdf: A4,
    schemas: [
      [
        ...letterhead(),
        fixed(
          'titulo',
          'DECLARAÇÃO DE SAÚDE',
          { x: MARGIN_X, y: 45, width: CONTENT_WIDTH, height: 9 },
          { fontSize: 15, bold: true, alignment: 'center' },
        ),
        field('plano', { x: MARGIN_X, y: 56, width: CONTENT_WIDTH, height: 7 }, { fontSize: 11, alignment: 'center' }),
        paragraph(
          'declarante',
          HOLDER,
          ['nome', 'cpf', 'nascimento', 'associacao'],
          { x: MARGIN_X, y: 68, width: CONTENT_WIDTH, height: 22 },
          {
            fontSize: 10.5,
            alignment: 'justify',
            lineHeight: 1.4,
          },
        ),
        fixed(
          'questionario',
          QUESTIONNAIRE,
          { x: MARGIN_X, y: 93, width: CONTENT_WIDTH, height: 52 },
          { fontSize: 9.5, alignment: 'justify', lineHeight: 1.35 },
        ),
        fixed('dependentes_titulo', 'Dependentes', { x: MARGIN_X, y: 148, width: CONTENT_WIDTH, height: 7 }, { fontSize: 11, bold: true }),
        tableField(
          'dependentes',
          { x: MARGIN_X, y: 156, width: CONTENT_WIDTH, height: 16 },
          ['Nome', 'Parentesco', 'CPF', 'Nascimento'],
          [44, 20, 20, 16],
        ),
        // Below the dependents (pdfme moves what lies below a growing table down with it). Templates saved before this
        // section existed have none of these fields: their inputs are simply unused and the declaration still renders.
        field('pagamentos_titulo', { x: MARGIN_X, y: 176, width: CONTENT_WIDTH, height: 7 }, { fontSize: 11, bold: true }),
        field('pagamentos_entidade', { x: MARGIN_X, y: 183, width: CONTENT_WIDTH, height: 5 }, { fontSize: 9.5 }),
        tableField(
          'pagamentos',
          { x: MARGIN_X, y: 189, width: CONTENT_WIDTH, height: 16 },
          ['Beneficiário', 'CPF', 'Parentesco', 'Valor pago', 'Valor reembolsado'],
          [32, 17, 14, 16, 21],
          { right: [3, 4] },
        ),
        field('pagamentos_total', { x: MARGIN_X, y: 207, width: CONTENT_WIDTH, height: 6 }, { fontSize: 10, bold: true, alignment: 'right' }),
        ...signatureBlock(216).map((s) => (s.name === 'assinatura' ? { ...s, name: 'assinatura_titular' } : s)),
      ],
    ],
  },
  inputs(d, context) {
    const dependentes = d.dependentes.length
      ? d.dependentes.map((p) => [p.nome, p.parentesco, p.cpf ? formatCpf(p.cpf) : '', formatDate(p.nascimento)])
      : [['Nenhum dependente inscrito', '', '', '']];
    const pg = d.pagamentos;
    const pagamentos = pg.beneficiarios.length
      ? pg.beneficiarios.map((b) => [b.nome, b.cpf ? formatCpf(b.cpf) : '', b.parentesco, formatCents(b.pago), formatCents(b.reembolsado)])
      : [[NO_HEALTH_PAYMENTS, '', '', '', '']];
    const pago = sumCents(pg.beneficiarios.map((b) => b.pago));
    const reembolsado = sumCents(pg.beneficiarios.map((b) => b.reembolsado));
    return [
      {
        ...letterheadInputs(context),
        plano: `Plano ${d.plano.codigo} – ${d.plano.nome}`,
        declarante: JSON.stringify({
          nome: d.titular.nome,
          cpf: formatCpf(d.titular.cpf),
          nascimento: formatDate(d.titular.nascimento),
          associacao: context.association.name,
        }),
        dependentes: JSON.stringify(dependentes),
        pagamentos_titulo: `Pagamentos ao plano de saúde no período ${pg.periodo}`,
        pagamentos_entidade: pg.entidade
          ? `Entidade: ${pg.entidade.nome} — CNPJ ${formatCnpj(pg.entidade.cnpj)}`
          : `Entidade: ${context.association.name}`,
        pagamentos: JSON.stringify(pagamentos),
        pagamentos_total: `Total pago: ${formatCents(pago)} — Total reembolsado: ${formatCents(reembolsado)}`,
        local_data: `${d.local}, ${formatDateLong(context.now)}.`,
        assinatura_titular: d.titular.nome,
      },
    ];
  },
  sample: () => ({
    plano: { codigo: 21, nome: 'Plano de Saúde Associativo – Enfermaria' },
    titular: { nome: 'José Antônio Conceição', cpf: '11144477735', nascimento: '1961-07-09' },
    dependentes: [
      { nome: 'Ana Lúcia Conceição', parentesco: 'Cônjuge', nascimento: '1964-02-21', cpf: '39053344705' },
      { nome: 'João Pedro Conceição', parentesco: 'Filho(a)', nascimento: '1995-11-30', cpf: null },
    ],
    local: 'São Paulo',
    pagamentos: {
      periodo: '03/2026',
      entidade: { nome: 'Associação dos Magistrados do Estado', cnpj: '11.222.333/0001-81' },
      beneficiarios: [
        { nome: 'José Antônio Conceição', cpf: '11144477735', parentesco: 'Titular', pago: 123_456, reembolsado: 15_000 },
        { nome: 'Ana Lúcia Conceição', cpf: '39053344705', parentesco: 'Cônjuge', pago: 98_765, reembolsado: 0 },
      ],
    },
  }),
  async demoData(db) {
    const [holder] = await db
      .select({ cstId: customers.cstId, nome: customers.custName, cpf: customers.custCpf, nascimento: customers.custBirthdate })
      .from(customers)
      .where(and(isNull(customers.parentId), eq(customers.custAssocSituacao, 1), isNotNull(customers.custCpf), isNotNull(customers.custBirthdate)))
      .orderBy(sql`(select count(*) from customers d where d.parent_id = ${customers.cstId}) desc`, asc(customers.cstId))
      .limit(1);
    if (!holder?.cpf || !holder.nascimento) return null;
    const dependents = await db
      .select({ nome: customers.custName, nascimento: customers.custBirthdate, cpf: customers.custCpf })
      .from(customers)
      .where(and(eq(customers.parentId, holder.cstId), isNotNull(customers.custBirthdate)))
      .orderBy(asc(customers.custBirthdate))
      .limit(20);
    // The holder's health-plan payments of the newest closed period (none before the ledger is seeded).
    const repo = createHealthDeclarationRepository();
    const period = await repo.latestLockedPeriod(db);
    const payments = period ? await repo.payments(db, holder.cstId, period.fecId, HEALTH_DECLARATION_PLANS) : [];
    return {
      plano: { codigo: 21, nome: 'Plano de Saúde Associativo' },
      titular: { nome: holder.nome, cpf: holder.cpf, nascimento: holder.nascimento },
      dependentes: dependents.map((p) => ({ nome: p.nome, parentesco: 'Dependente', nascimento: p.nascimento!, cpf: p.cpf })),
      local: 'São Paulo',
      pagamentos: {
        periodo: period ? `${String(period.fecMes).padStart(2, '0')}/${period.fecAno}` : formatMonthYearOf(new Date()),
        beneficiarios: payments.map((p) => ({
          nome: p.name.slice(0, 80),
          cpf: p.cpf,
          parentesco: p.cstId === holder.cstId ? 'Titular' : 'Dependente',
          pago: p.pago,
          reembolsado: p.reembolsado,
        })),
      },
    };
  },
};
