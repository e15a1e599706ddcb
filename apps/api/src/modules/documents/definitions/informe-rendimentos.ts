import { cnpjField, cpfField, formatCents, formatCnpj, formatCpf, formatDate, moneyCents, optionalText, requiredText, sumCents } from '@assoc/domain';
import { z } from 'zod';
import type { DocumentDefinition } from '../document.types.js';
import { A4, PAGE_PADDING, line, placeAndDate, table, text } from './money-layout.js';

/** One beneficiary of the health plan (BANKING-AND-HEALTH §5): the titular or a dependent. */
const beneficiary = z.object({
  name: requiredText(1, 120),
  /** A dependent registered without a CPF prints an empty CPF (the holder's is required). */
  cpf: cpfField().nullable(),
  /** 'Titular', 'Cônjuge', 'Filho(a)', … */
  relationship: requiredText(1, 30),
  birthDate: z.string().nullish(),
  /** Fees and co-payments the member paid in the year for this beneficiary (cents). */
  paid: moneyCents({ min: 0 }),
  /** Amounts reimbursed to this beneficiary in the year (cents). */
  reimbursed: moneyCents({ min: 0 }).default(0),
});

const data = z.object({
  /** Calendar year of the payments (ano-calendário). */
  year: z.number().int().min(2000).max(2100),
  /** The entity that files the Dmed for these payments (its name and CNPJ). */
  entity: z.object({ name: requiredText(1, 120), cnpj: cnpjField(), address: optionalText(200) }),
  plan: requiredText(1, 80),
  holder: z.object({ name: requiredText(1, 120), cpf: cpfField(), numero: z.union([z.string(), z.number()]).optional() }),
  beneficiaries: z.array(beneficiary).min(1, 'Informe ao menos um beneficiário'),
  place: z.string().trim().max(60).default('São Paulo'),
});

const X = 12;
const W = A4.width - 2 * X;

const template = {
  basePdf: { ...A4, padding: PAGE_PADDING },
  schemas: [
    [
      text('associacao', X, 12, W, 7, { size: 12, bold: true, align: 'center' }),
      text('titulo', X, 20, W, 6, {
        size: 11,
        bold: true,
        align: 'center',
        label: 'Informe de pagamentos de plano de saúde para o Imposto de Renda',
      }),
      text('anoCalendario', X, 27, W, 5, { size: 10, align: 'center' }),
      line('linhaTopo', X, 34, W),
      text('fontePagadoraLabel', X, 36, W, 4, { size: 8, bold: true, label: '1. Entidade (plano de saúde)' }),
      text('fontePagadora', X, 41, W, 10, { size: 9 }),
      text('titularLabel', X, 53, W, 4, { size: 8, bold: true, label: '2. Titular (responsável pelos pagamentos)' }),
      text('titular', X, 58, W, 5, { size: 9 }),
      text('pagamentosLabel', X, 66, W, 4, { size: 8, bold: true, label: '3. Pagamentos efetuados por beneficiário' }),
      table(
        'beneficiarios',
        X,
        71,
        W,
        ['Beneficiário', 'CPF', 'Relação', 'Nascimento', 'Valor pago (R$)', 'Reembolso (R$)'],
        [28, 14, 11, 12, 17, 18],
        { rightAligned: [4, 5] },
      ),
      text('totais', X, 84, W, 10, { size: 9, bold: true, align: 'right', lineHeight: 1.4 }),
      text('orientacao', X, 96, W, 16, {
        size: 8,
        label:
          'Na Declaração de Ajuste Anual (IRPF), informe estes valores em "Pagamentos Efetuados", código 26 – Planos de saúde no Brasil, um lançamento por beneficiário (titular ou dependente), com o nome e o CNPJ da entidade acima. Só é dedutível o valor pago pelo titular; valores reembolsados devem ser informados. Beneficiário do plano que não seja dependente no IRPF não pode ser deduzido pelo titular.',
      }),
      text('localData', X, 116, W, 5, { size: 9 }),
    ],
  ],
};

/** The annual health-plan payment statement for the IRPF (BANKING-AND-HEALTH §5; spec 1 §2 income-tax viewer). */
export const informeRendimentos: DocumentDefinition<typeof data> = {
  name: 'informe-rendimentos',
  description: 'Informe de rendimentos (IR): pagamentos do ano ao plano de saúde por beneficiário.',
  data,
  template,
  inputs(d, context) {
    const rows = d.beneficiaries.map((b) => [
      b.name,
      b.cpf ? formatCpf(b.cpf) : '',
      b.relationship,
      b.birthDate ? formatDate(b.birthDate) : '',
      formatCents(b.paid),
      formatCents(b.reimbursed),
    ]);
    const paid = sumCents(d.beneficiaries.map((b) => b.paid));
    const reimbursed = sumCents(d.beneficiaries.map((b) => b.reimbursed));
    return [
      {
        associacao: context.association.name,
        anoCalendario: `Ano-calendário ${d.year} — Exercício ${d.year + 1}`,
        fontePagadora: [`${d.entity.name} — CNPJ ${formatCnpj(d.entity.cnpj)}`, `Plano: ${d.plan}`, d.entity.address ?? '']
          .filter(Boolean)
          .join('\n'),
        titular: `${d.holder.name} — CPF ${formatCpf(d.holder.cpf)}`,
        beneficiarios: JSON.stringify(rows),
        totais: [`Total pago no ano: ${formatCents(paid)}`, `Total reembolsado: ${formatCents(reimbursed)}`].join('\n'),
        localData: placeAndDate(d.place, context.now),
      },
    ];
  },
  sample() {
    return {
      year: 2025,
      entity: { name: 'Associação dos Magistrados do Estado', cnpj: '11.222.333/0001-81', address: 'Rua da Consolação, 1000 — São Paulo/SP' },
      plan: 'Plano de Saúde 21 — Enfermaria',
      holder: { name: 'José da Silva Araújo', cpf: '529.982.247-25', numero: 1234 },
      beneficiaries: [
        {
          name: 'José da Silva Araújo',
          cpf: '529.982.247-25',
          relationship: 'Titular',
          birthDate: '1968-04-12',
          paid: 1_843_260,
          reimbursed: 35_000,
        },
        { name: 'Maria Conceição Araújo', cpf: '111.444.777-35', relationship: 'Cônjuge', birthDate: '1970-09-30', paid: 1_843_260, reimbursed: 0 },
        { name: 'João Pedro Araújo', cpf: '123.456.789-09', relationship: 'Filho(a)', birthDate: '2004-01-05', paid: 612_480, reimbursed: 12_550 },
      ],
    };
  },
};
