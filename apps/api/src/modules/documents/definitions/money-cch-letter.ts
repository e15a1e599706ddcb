import { cpfField, formatCents, formatCpf, formatDate, formatNumeroInterno, isoDateField, moneyCents, requiredText } from '@assoc/domain';
import type { Template } from '@pdfme/common';
import { z } from 'zod';
import type { RenderContext } from '../document.types.js';
import { A4, PAGE_PADDING, line, placeAndDate, text } from './money-layout.js';

/**
 * What the CCH approval and denial letters share (spec 2 §3 "CCH request", §4 "CCH status": 3 DEFERIDO,
 * 4 INDEFERIDO): the member, the request (number, date, benefit, procedure), place, date and signature.
 */
export const cchRequestData = z.object({
  /** The titular. */
  member: z.object({ name: requiredText(1, 120), cpf: cpfField(), numero: z.union([z.string(), z.number()]) }),
  /** Who the procedure was for (the titular or a dependent); defaults to the titular. */
  patient: z.string().trim().max(120).optional(),
  request: z.object({
    /** cchId. */
    number: z.union([z.string(), z.number()]),
    /** cchDataSolicitacao. */
    date: isoDateField(),
    /** The benefit's label (cchBeneficio 1–5). */
    benefit: requiredText(1, 60),
    /** cchProcedimento or the TUSS term. */
    procedure: requiredText(1, 120),
    tuss: z.string().trim().max(8).optional(),
    procedureDate: isoDateField(),
    /** cchValorSolicitado (cents). */
    requested: moneyCents({ min: 0 }),
  }),
  place: z.string().trim().max(60).default('São Paulo'),
  signer: z.object({ name: requiredText(1, 120), role: requiredText(1, 80) }),
});
export type CchRequestData = z.output<typeof cchRequestData>;

const X = 20;
const W = A4.width - 2 * X;

/** The letter's template: letterhead, title, place and date, addressee, request summary, body, signature. */
export function cchLetterTemplate(title: string): Template {
  return {
    basePdf: { ...A4, padding: PAGE_PADDING },
    schemas: [
      [
        text('associacao', X, 15, W, 7, { size: 13, bold: true, align: 'center' }),
        line('linhaTopo', X, 24, W),
        text('titulo', X, 30, W, 7, { size: 12, bold: true, align: 'center', label: title }),
        text('localData', X, 42, W, 5, { size: 10, align: 'right' }),
        text('destinatario', X, 52, W, 12, { size: 10, lineHeight: 1.4 }),
        text('solicitacao', X, 68, W, 36, { size: 10, lineHeight: 1.5 }),
        text('corpo', X, 108, W, 60, { size: 10.5, align: 'justify', lineHeight: 1.5 }),
        line('linhaAssinatura', X + 45, 200, W - 90),
        text('assinatura', X, 202, W, 12, { size: 10, align: 'center', lineHeight: 1.4 }),
      ],
    ],
  };
}

/** The fields both letters fill the same way. */
export function cchLetterInputs(d: CchRequestData, context: RenderContext): Record<string, string> {
  const r = d.request;
  return {
    associacao: context.association.name,
    localData: placeAndDate(d.place, context.now),
    destinatario: `Ao(À) associado(a)\n${d.member.name} — nº ${formatNumeroInterno(d.member.numero)} — CPF ${formatCpf(d.member.cpf)}`,
    solicitacao: [
      `Solicitação nº ${String(r.number)}, de ${formatDate(r.date)}`,
      `Benefício: ${r.benefit}`,
      `Procedimento: ${r.procedure}${r.tuss ? ` (TUSS ${r.tuss})` : ''}, realizado em ${formatDate(r.procedureDate)}`,
      `Beneficiário: ${d.patient || d.member.name}`,
      `Valor solicitado: ${formatCents(r.requested)}`,
    ].join('\n'),
    assinatura: `${d.signer.name}\n${d.signer.role}`,
  };
}

/** A realistic request both samples start from. */
export function cchSampleRequest() {
  return {
    member: { name: 'José da Silva Araújo', cpf: '529.982.247-25', numero: 1234 },
    patient: 'Maria Conceição Araújo',
    request: {
      number: 20871,
      date: '2026-02-10',
      benefit: 'Benefício 2',
      procedure: 'Ressonância magnética de coluna lombo-sacra',
      tuss: '41101227',
      procedureDate: '2026-02-03',
      requested: 98_750,
    },
    place: 'São Paulo',
    signer: { name: 'Antônio Guimarães Peçanha', role: 'Diretor de Benefícios' },
  };
}
