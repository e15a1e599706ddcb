import { efetuadoMessages, formatCents, formatNumeroInterno, moneyCents, requiredText } from '@assoc/domain';
import { z } from 'zod';
import type { DocumentDefinition } from '../document.types.js';
import { A4, PAGE_PADDING, formatMonthYear, line, table, text } from './money-layout.js';

/**
 * The Efetuado reports' PDFs (issue 24 item 4; spec 2 §2.7 item 5): what the closing of a period wrote, built by the
 * efetuado module from the ledger and the charges. Staff may edit the templates like every other document.
 */

const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Período inválido (AAAA-MM)');

const efetuadoData = z.object({
  /** 'YYYY-MM'. */
  period,
  /** Per service: its rates (percent), the members charged, the fees and the administrative rate lines (cents). */
  services: z.array(
    z.object({
      name: requiredText(1, 80),
      rate: z.number().min(0).max(100),
      rateNs: z.number().min(0).max(100),
      members: z.number().int().min(0),
      value: moneyCents(),
      adminRate: moneyCents(),
    }),
  ),
  /** Per debit place: the charges the closing created. */
  places: z.array(z.object({ name: requiredText(1, 60), count: z.number().int().min(0), total: moneyCents() })),
});
export type EfetuadoData = z.input<typeof efetuadoData>;

const X = 12;
const W = A4.width - 2 * X;
const pct = (n: number) => `${n.toFixed(2).replace('.', ',')}%`;

/** The rows and totals printed by the EFETUADO report (a pure function: the job's test reads it). */
export function efetuadoRows(d: z.output<typeof efetuadoData>) {
  const services = d.services.map((s) => [
    s.name,
    s.rate === s.rateNs ? pct(s.rate) : `${pct(s.rate)} / ${pct(s.rateNs)}`,
    String(s.members),
    formatCents(s.value),
    formatCents(s.adminRate),
    formatCents(s.value + s.adminRate),
  ]);
  const places = d.places.map((p) => [p.name, String(p.count), formatCents(p.total)]);
  const value = d.services.reduce((sum, s) => sum + s.value, 0);
  const adminRate = d.services.reduce((sum, s) => sum + s.adminRate, 0);
  const charges = d.places.reduce((sum, p) => sum + p.count, 0);
  const chargesTotal = d.places.reduce((sum, p) => sum + p.total, 0);
  const totals = [
    `Total dos serviços: ${formatCents(value)}`,
    `Total das taxas administrativas: ${formatCents(adminRate)}`,
    `Total lançado: ${formatCents(value + adminRate)}`,
    `Cobranças geradas: ${charges} — ${formatCents(chargesTotal)}`,
  ];
  return {
    services: services.length ? services : [[efetuadoMessages.nothing, '', '', '', '', '']],
    places: places.length ? places : [[efetuadoMessages.nothingCharged, '', '']],
    totals,
  };
}

export const efetuado: DocumentDefinition<typeof efetuadoData> = {
  name: 'efetuado',
  description: 'EFETUADO: o que o fechamento de um período lançou, por serviço (com a taxa administrativa) e as cobranças por local de débito.',
  data: efetuadoData,
  template: {
    basePdf: { ...A4, padding: PAGE_PADDING },
    schemas: [
      [
        text('associacao', X, 12, W, 7, { size: 12, bold: true }),
        text('titulo', X, 20, W, 6, { size: 11, bold: true, label: 'Efetuado — fechamento do período' }),
        line('linhaTopo', X, 27, W),
        text('periodo', X, 29, W, 5, { size: 10, bold: true }),
        table('servicos', X, 36, W, ['Serviço', 'Taxa adm.', 'Associados', 'Valor (R$)', 'Taxa adm. (R$)', 'Total (R$)'], [30, 14, 12, 15, 14, 15], {
          rightAligned: [1, 2, 3, 4, 5],
        }),
        table('locais', X, 50, W, ['Local de débito', 'Cobranças', 'Total (R$)'], [50, 20, 30], { rightAligned: [1, 2] }),
        text('totais', X, 64, W, 22, { size: 9, bold: true, align: 'right', lineHeight: 1.4 }),
      ],
    ],
  },
  inputs(d, context) {
    const rows = efetuadoRows(d);
    return [
      {
        associacao: context.association.name,
        periodo: `Período: ${formatMonthYear(d.period)}`,
        servicos: JSON.stringify(rows.services),
        locais: JSON.stringify(rows.places),
        totais: rows.totals.join('\n'),
      },
    ];
  },
  sample() {
    return {
      period: '2026-10',
      services: [
        { name: 'Mensalidade', rate: 0, rateNs: 0, members: 1834, value: 18_340_000, adminRate: 0 },
        { name: 'Plano de Saúde Enfermaria', rate: 2, rateNs: 5, members: 412, value: 32_960_000, adminRate: 701_220 },
        { name: 'Seguro de Vida', rate: 1.5, rateNs: 1.5, members: 655, value: 1_965_000, adminRate: 29_475 },
      ],
      places: [
        { name: 'Banco do Brasil', count: 910, total: 26_104_000 },
        { name: 'Associação (desconto em folha)', count: 611, total: 19_882_000 },
        { name: 'Boleto Bancário', count: 201, total: 8_009_695 },
      ],
    };
  },
};

const efetuadoSaudeData = z.object({
  period,
  /** Holders with a health line in the period, each with their lines (the holder's own first, then the dependents'). */
  holders: z.array(
    z.object({
      name: requiredText(1, 120),
      numero: z.union([z.string(), z.number()]).nullable(),
      lines: z.array(z.object({ who: z.string().max(120), plan: z.string().max(80), description: z.string().max(120), value: moneyCents() })),
    }),
  ),
});
export type EfetuadoSaudeData = z.input<typeof efetuadoSaudeData>;

/** The rows of the EFETUADO SAÚDE report: per holder their lines and a subtotal row, then the grand total. */
export function efetuadoSaudeRows(d: z.output<typeof efetuadoSaudeData>) {
  const rows: string[][] = [];
  let total = 0;
  let lines = 0;
  for (const h of d.holders) {
    let subtotal = 0;
    h.lines.forEach((l, i) => {
      subtotal += l.value;
      lines += 1;
      rows.push([i === 0 ? h.name : '', i === 0 ? formatNumeroInterno(h.numero) : '', l.who, l.plan, l.description, formatCents(l.value)]);
    });
    rows.push(['', '', '', '', 'Total do titular', formatCents(subtotal)]);
    total += subtotal;
  }
  return {
    rows: rows.length ? rows : [[efetuadoMessages.nothing, '', '', '', '', '']],
    totals: [`Titulares: ${d.holders.length}`, `Linhas: ${lines}`, `Total: ${formatCents(total)}`],
  };
}

export const efetuadoSaude: DocumentDefinition<typeof efetuadoSaudeData> = {
  name: 'efetuado-saude',
  description: 'EFETUADO SAÚDE: os planos de saúde lançados no fechamento de um período, por titular com as linhas dos dependentes.',
  data: efetuadoSaudeData,
  template: {
    basePdf: { ...A4, padding: PAGE_PADDING },
    schemas: [
      [
        text('associacao', X, 12, W, 7, { size: 12, bold: true }),
        text('titulo', X, 20, W, 6, { size: 11, bold: true, label: 'Efetuado saúde — fechamento do período' }),
        line('linhaTopo', X, 27, W),
        text('periodo', X, 29, W, 5, { size: 10, bold: true }),
        table('linhas', X, 36, W, ['Titular', 'Número', 'Beneficiário', 'Plano', 'Descrição', 'Valor (R$)'], [20, 9, 19, 16, 23, 13], {
          rightAligned: [5],
        }),
        text('totais', X, 50, W, 16, { size: 9, bold: true, align: 'right', lineHeight: 1.4 }),
      ],
    ],
  },
  inputs(d, context) {
    const { rows, totals } = efetuadoSaudeRows(d);
    return [
      {
        associacao: context.association.name,
        periodo: `Período: ${formatMonthYear(d.period)}`,
        linhas: JSON.stringify(rows),
        totais: totals.join('\n'),
      },
    ];
  },
  sample() {
    return {
      period: '2026-10',
      holders: [
        {
          name: 'José da Silva Araújo',
          numero: 1234,
          lines: [
            { who: 'José da Silva Araújo', plan: 'Plano de Saúde Enfermaria', description: 'Plano de Saúde Enfermaria 10/2026', value: 80_000 },
            {
              who: 'José da Silva Araújo',
              plan: 'Plano de Saúde Enfermaria',
              description: 'Taxa administrativa — Plano de Saúde Enfermaria',
              value: 1_600,
            },
            { who: 'Maria Conceição Araújo', plan: 'Plano de Saúde Enfermaria', description: 'Plano de Saúde Enfermaria 10/2026', value: 80_000 },
          ],
        },
        {
          name: 'Ana Beatriz Lima',
          numero: 2210,
          lines: [{ who: 'Ana Beatriz Lima', plan: 'Plano de Saúde Apartamento', description: 'Plano de Saúde Apartamento 10/2026', value: 120_000 }],
        },
      ],
    };
  },
};
