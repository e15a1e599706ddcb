import { cpfField, formatCents, formatCpf, formatDate, formatNumeroInterno, isoDateField, moneyCents, requiredText, sumCents } from '@assoc/domain';
import { z } from 'zod';
import type { DocumentDefinition } from '../document.types.js';
import { A4, PAGE_PADDING, formatMonthYear, line, table, text } from './money-layout.js';

/** One statement entry (spec 1 §3 "Statement entry": extDate, extDescricao, extResponsavel, extValor, svcId). */
const entry = z.object({
  date: isoDateField(),
  description: requiredText(1, 120),
  /** The person the entry is for (the member or a dependent). */
  responsible: z.string().trim().max(80).default(''),
  /** The service's name ('' when none). */
  service: z.string().trim().max(60).default(''),
  /** Signed cents: a charge is positive, a credit (payment, reversal) negative. */
  value: moneyCents(),
});

const data = z.object({
  member: z.object({ name: requiredText(1, 120), cpf: cpfField(), numero: z.union([z.string(), z.number()]) }),
  /** 'YYYY-MM'. */
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Período inválido (AAAA-MM)'),
  /** Balance carried from the previous period (cents). */
  openingBalance: moneyCents().default(0),
  entries: z.array(entry),
});

const X = 12;
const W = A4.width - 2 * X;

const template = {
  basePdf: { ...A4, padding: PAGE_PADDING },
  schemas: [
    [
      text('associacao', X, 12, W, 7, { size: 12, bold: true }),
      text('titulo', X, 20, W, 6, { size: 11, bold: true, label: 'Extrato mensal' }),
      line('linhaTopo', X, 27, W),
      text('associadoLabel', X, 29, 22, 5, { size: 9, label: 'Associado:' }),
      text('associado', X + 22, 29, 110, 5, { size: 9, bold: true }),
      text('numeroLabel', X + 136, 29, 16, 5, { size: 9, label: 'Número:' }),
      text('numero', X + 152, 29, 34, 5, { size: 9, bold: true }),
      text('cpfLabel', X, 35, 22, 5, { size: 9, label: 'CPF:' }),
      text('cpf', X + 22, 35, 60, 5, { size: 9 }),
      text('periodoLabel', X + 136, 35, 16, 5, { size: 9, label: 'Período:' }),
      text('periodo', X + 152, 35, 34, 5, { size: 9, bold: true }),
      text('saldoAnterior', X, 41, W, 5, { size: 9, align: 'right' }),
      table('lancamentos', X, 47, W, ['Data', 'Descrição', 'Responsável', 'Serviço', 'Valor (R$)', 'Saldo (R$)'], [11, 30, 19, 14, 13, 13], {
        rightAligned: [4, 5],
      }),
      // pdfme moves what lies below a growing table down with it (onto the next pages when needed).
      text('totais', X, 60, W, 12, { size: 9, bold: true, align: 'right', lineHeight: 1.4 }),
    ],
  ],
};

/** The monthly statement (spec 1 §2 statement viewer; the bench renders 40 rows). */
export const extrato: DocumentDefinition<typeof data> = {
  name: 'extrato',
  description: 'Extrato mensal do associado: lançamentos do período com saldo.',
  data,
  template,
  inputs(d, context) {
    let balance = d.openingBalance;
    const rows = d.entries.map((e) => {
      balance += e.value;
      return [formatDate(e.date), e.description, e.responsible, e.service, formatCents(e.value), formatCents(balance)];
    });
    const charges = sumCents(d.entries.filter((e) => e.value > 0).map((e) => e.value));
    const credits = sumCents(d.entries.filter((e) => e.value < 0).map((e) => e.value));
    return [
      {
        associacao: context.association.name,
        associado: d.member.name,
        numero: formatNumeroInterno(d.member.numero),
        cpf: formatCpf(d.member.cpf),
        periodo: formatMonthYear(d.period),
        saldoAnterior: `Saldo anterior: ${formatCents(d.openingBalance)}`,
        lancamentos: JSON.stringify(rows),
        totais: [
          `Total de débitos: ${formatCents(charges)}`,
          `Total de créditos: ${formatCents(credits)}`,
          `Saldo final: ${formatCents(balance)}`,
        ].join('\n'),
      },
    ];
  },
  sample() {
    const services = ['Mensalidade', 'Plano de Saúde', 'Seguro de Vida', 'Colônia de Férias', 'Telefonia Móvel'];
    const people = ['José da Silva Araújo', 'Maria Conceição Araújo', 'João Pedro Araújo'];
    const entries = Array.from({ length: 42 }, (_, i) => {
      const service = services[i % services.length] ?? 'Mensalidade';
      const day = String(1 + Math.floor(i / 2)).padStart(2, '0');
      const payment = i === 41;
      return {
        date: `2026-02-${day}`,
        description: payment ? 'Pagamento recebido — débito em conta' : `${service} — parcela ${(i % 3) + 1}/3`,
        responsible: people[i % people.length] ?? '',
        service: payment ? '' : service,
        value: payment ? -250_000 : 4_590 + i * 1_237,
      };
    });
    return { member: { name: 'José da Silva Araújo', cpf: '529.982.247-25', numero: 1234 }, period: '2026-02', openingBalance: 12_345, entries };
  },
};
