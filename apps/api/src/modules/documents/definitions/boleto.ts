import { boletoNumbers, formatCents, formatCpfCnpj, formatDate, isoDateField, moneyCents, optionalText, requiredText } from '@assoc/domain';
import bwipjs from 'bwip-js';
import type { Schema } from '@pdfme/common';
import { z } from 'zod';
import type { DocumentDefinition } from '../document.types.js';
import { bankCodeWithDigit, barcodeAmount, barcodeFactor, dueFactor, isValidBarcode, linhaDigitavel } from './boleto-codes.js';
import { A4, box, line, text } from './money-layout.js';

const party = z.object({
  name: requiredText(1, 120),
  /** CPF or CNPJ, digits (punctuation accepted). */
  document: z
    .string()
    .trim()
    .regex(/^[\d.\-/\s]+$/, 'CPF/CNPJ inválido')
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 11 || v.length === 14, 'CPF/CNPJ inválido'),
  /** Printed for the payer (the ficha has no room for the beneficiary's). */
  address: optionalText(200),
});

const data = z
  .object({
    bank: z.object({ code: z.string().regex(/^\d{3}$/, 'Código do banco inválido'), name: requiredText(1, 60) }),
    /** The 44-digit barcode (billing computes it; BANKING-AND-HEALTH §2.1). */
    barcode: z.string().refine(isValidBarcode, 'Código de barras inválido (44 dígitos com dígito verificador)'),
    dueDate: isoDateField(),
    amount: moneyCents({ min: 0 }),
    documentDate: isoDateField(),
    documentNumber: requiredText(1, 20),
    nossoNumero: requiredText(1, 25),
    carteira: requiredText(1, 5),
    /** 'Agência / Código do beneficiário' as the bank prints it. */
    agencyCode: requiredText(1, 30),
    beneficiary: party,
    payer: party,
    instructions: optionalText(400),
    placeOfPayment: z.string().trim().max(120).default('Pagável em qualquer banco até o vencimento'),
  })
  .refine((d) => d.barcode.startsWith(d.bank.code), { message: 'O código de barras não é do banco informado', path: ['barcode'] })
  .refine((d) => barcodeAmount(d.barcode) === d.amount, { message: 'O valor não confere com o código de barras', path: ['amount'] })
  .refine((d) => barcodeFactor(d.barcode) === dueFactor(d.dueDate), {
    message: 'O vencimento não confere com o código de barras',
    path: ['dueDate'],
  });

/** Bars of the 44-digit ITF (Interleaved 2 of 5) as SVG, drawn 103 × 13 mm (BANKING-AND-HEALTH §2.1). */
export function itfSvg(barcode: string): string {
  // Wide bars and spaces 3 × the narrow ones (bwip-js defaults to 2).
  const options = { bcid: 'interleaved2of5', text: barcode, includetext: false, barratio: 3, spaceratio: 3, scale: 1 };
  // bwip-js sizes the height in its own units: draw once, then set the height for a 103:13 box.
  const probe = bwipjs.toSVG({ ...options, height: 10 });
  const [, w = '1', h = '1'] = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(probe) ?? [];
  const height = (10 * (Number(w) * 13)) / 103 / Number(h);
  return bwipjs.toSVG({ ...options, height });
}

const X = 10;
const W = 190;
const R = 145; // the right column (vencimento, nosso número, valores)
const RW = X + W - R;

/** A labelled cell: small label above, value below. */
const cell = (name: string, label: string, x: number, y: number, w: number, align: 'left' | 'right' = 'left', size = 9): Schema[] => [
  text(`${name}Label`, x + 1, y + 0.5, w - 2, 3, { size: 6, label }),
  text(name, x + 1, y + 3.5, w - 2, 4.5, { size, align }),
];

/** The bank line: bank name | code-DV | linha digitável. */
const bankLine = (prefix: string, y: number, withLinha: boolean): Schema[] => [
  text(`${prefix}Banco`, X, y, 50, 7, { size: 11, bold: true }),
  line(`${prefix}Sep1`, X + 52, y, 0.3, 8),
  text(`${prefix}CodigoBanco`, X + 53, y + 0.5, 18, 7, { size: 13, bold: true, align: 'center' }),
  line(`${prefix}Sep2`, X + 72, y, 0.3, 8),
  ...(withLinha
    ? [text(`${prefix}Linha`, X + 74, y + 2, W - 74, 6, { size: 9, bold: true, align: 'right' })]
    : [text(`${prefix}Titulo`, X + 74, y + 1.5, W - 74, 6, { size: 10, bold: true, align: 'right', label: 'Recibo do Pagador' })]),
  line(`${prefix}Base`, X, y + 8, W),
];

const R1 = 12; // recibo do pagador
const F = 112; // ficha de compensação

const template = {
  basePdf: { ...A4, padding: [0, 0, 0, 0] as [number, number, number, number] },
  schemas: [
    [
      // Recibo do pagador
      ...bankLine('r', R1, false),
      box('rBox', X, R1 + 8, W, 40),
      ...cell('rBeneficiario', 'Beneficiário', X, R1 + 8, 135),
      ...cell('rVencimento', 'Vencimento', R, R1 + 8, RW, 'right'),
      line('rL1', X, R1 + 16, W),
      ...cell('rAgencia', 'Agência / Código do beneficiário', X, R1 + 16, 70),
      ...cell('rNumeroDocumento', 'Nº do documento', X + 70, R1 + 16, 65),
      ...cell('rNossoNumero', 'Nosso número', R, R1 + 16, RW, 'right'),
      line('rL2', X, R1 + 24, W),
      ...cell('rPagador', 'Pagador', X, R1 + 24, 135),
      ...cell('rValor', '(=) Valor do documento', R, R1 + 24, RW, 'right'),
      line('rL3', X, R1 + 32, W),
      ...cell('rLinhaRecibo', 'Linha digitável', X, R1 + 32, 135),
      line('rV1', R, R1 + 8, 0.3, 32),
      text('rAutenticacao', R, R1 + 49, RW, 4, { size: 7, align: 'right', label: 'Autenticação mecânica' }),
      text('corte', X, F - 12, W, 4, {
        size: 7,
        align: 'center',
        label:
          '- - - - - - - - - - - - - - - - - - - - - - - - - - - Corte na linha pontilhada - - - - - - - - - - - - - - - - - - - - - - - - - - -',
      }),
      // Ficha de compensação
      ...bankLine('f', F, true),
      box('fBox', X, F + 8, W, 88),
      ...cell('fLocal', 'Local de pagamento', X, F + 8, 135),
      ...cell('fVencimento', 'Vencimento', R, F + 8, RW, 'right', 10),
      line('fL1', X, F + 16, W),
      ...cell('fBeneficiario', 'Beneficiário', X, F + 16, 135, 'left', 8),
      ...cell('fAgencia', 'Agência / Código do beneficiário', R, F + 16, RW, 'right'),
      line('fL2', X, F + 24, W),
      ...cell('fDataDocumento', 'Data do documento', X, F + 24, 30),
      ...cell('fNumeroDocumento', 'Nº do documento', X + 30, F + 24, 40),
      ...cell('fEspecieDoc', 'Espécie doc.', X + 70, F + 24, 20),
      ...cell('fAceite', 'Aceite', X + 90, F + 24, 12),
      ...cell('fDataProcessamento', 'Data processamento', X + 102, F + 24, 33),
      ...cell('fNossoNumero', 'Nosso número', R, F + 24, RW, 'right'),
      line('fL3', X, F + 32, W),
      ...cell('fUsoBanco', 'Uso do banco', X, F + 32, 30),
      ...cell('fCarteira', 'Carteira', X + 30, F + 32, 20),
      ...cell('fEspecie', 'Espécie', X + 50, F + 32, 20),
      ...cell('fQuantidade', 'Quantidade', X + 70, F + 32, 32),
      ...cell('fValorUnit', 'Valor', X + 102, F + 32, 33),
      ...cell('fValor', '(=) Valor do documento', R, F + 32, RW, 'right', 10),
      line('fL4', X, F + 40, W),
      text('fInstrucoesLabel', X + 1, F + 40.5, 133, 3, { size: 6, label: 'Instruções (texto de responsabilidade do beneficiário)' }),
      text('fInstrucoes', X + 1, F + 44, 133, 30, { size: 8 }),
      ...cell('fDesconto', '(-) Desconto / Abatimento', R, F + 40, RW, 'right'),
      line('fR1', R, F + 48, RW),
      ...cell('fMora', '(+) Mora / Multa', R, F + 48, RW, 'right'),
      line('fR2', R, F + 56, RW),
      ...cell('fCobrado', '(=) Valor cobrado', R, F + 56, RW, 'right'),
      line('fV1', R, F + 8, 0.3, 64),
      line('fL5', X, F + 72, W),
      text('fPagadorLabel', X + 1, F + 72.5, 30, 3, { size: 6, label: 'Pagador' }),
      text('fPagador', X + 1, F + 76, W - 2, 12, { size: 8 }),
      text('fAutenticacao', X + 100, F + 97, W - 100, 4, { size: 7, align: 'right', label: 'Autenticação mecânica - Ficha de Compensação' }),
      { name: 'codigoBarras', type: 'svg', position: { x: X, y: F + 102 }, width: 103, height: 13, readOnly: false },
    ],
  ],
};

const partyLine = (p: z.output<typeof party>) => `${p.name} — CPF/CNPJ ${formatCpfCnpj(p.document)}`;

/**
 * The boleto (recibo do pagador + ficha de compensação, BANKING-AND-HEALTH §2): the barcode is input data,
 * its linha digitável and the bank code's check digit are computed from it.
 */
export const boleto: DocumentDefinition<typeof data> = {
  name: 'boleto',
  description: 'Boleto bancário: recibo do pagador e ficha de compensação com código de barras.',
  data,
  template,
  inputs(d, context) {
    const bankName = d.bank.name;
    const code = bankCodeWithDigit(d.bank.code);
    const linha = linhaDigitavel(d.barcode);
    const beneficiary = partyLine(d.beneficiary);
    const payer = partyLine(d.payer);
    const amount = formatCents(d.amount);
    const due = formatDate(d.dueDate);
    return [
      {
        rBanco: bankName,
        rCodigoBanco: code,
        rBeneficiario: beneficiary,
        rVencimento: due,
        rAgencia: d.agencyCode,
        rNumeroDocumento: d.documentNumber,
        rNossoNumero: d.nossoNumero,
        rPagador: payer,
        rValor: amount,
        rLinhaRecibo: linha,
        fBanco: bankName,
        fCodigoBanco: code,
        fLinha: linha,
        fLocal: d.placeOfPayment,
        fVencimento: due,
        fBeneficiario: beneficiary,
        fAgencia: d.agencyCode,
        fDataDocumento: formatDate(d.documentDate),
        fNumeroDocumento: d.documentNumber,
        fEspecieDoc: 'DM',
        fAceite: 'N',
        fDataProcessamento: formatDate(context.now),
        fNossoNumero: d.nossoNumero,
        fUsoBanco: '',
        fCarteira: d.carteira,
        fEspecie: 'R$',
        fQuantidade: '',
        fValorUnit: '',
        fValor: amount,
        fInstrucoes: d.instructions ?? '',
        fDesconto: '',
        fMora: '',
        fCobrado: '',
        fPagador: [payer, d.payer.address ?? ''].filter(Boolean).join('\n'),
        codigoBarras: itfSvg(d.barcode),
      },
    ];
  },
  /** Worked example 1 of BANKING-AND-HEALTH §2.6 (BB, convênio 1474166, carteira 17, 05/07/2016, R$ 2.246,74). */
  sample() {
    return {
      bank: { code: '001', name: 'Banco do Brasil' },
      // The numbers of billing (packages/domain/src/billing/boleto.ts), as the charges module feeds them.
      barcode: boletoNumbers({ bank: '001', agreement: '1474166', sequence: '0000000328', wallet: '17', dueDate: '2016-07-05', amountCents: 224_674 })
        .barcode,
      dueDate: '2016-07-05',
      amount: 224_674,
      documentDate: '2016-06-20',
      documentNumber: '2016/0328',
      nossoNumero: '14741660000000328',
      carteira: '17',
      agencyCode: '1234-5 / 0012345-6',
      beneficiary: {
        name: 'Associação dos Magistrados do Estado',
        document: '11.222.333/0001-81',
        address: 'Rua da Consolação, 1000 — São Paulo/SP',
      },
      payer: {
        name: 'José da Silva Araújo',
        document: '529.982.247-25',
        address: 'Av. Paulista, 1578, ap. 42 — Bela Vista — São Paulo/SP — 01310-200',
      },
      instructions:
        'Mensalidade associativa de junho/2016.\nNão receber após 30 dias do vencimento.\nMulta de 2% e juros de 1% ao mês após o vencimento.',
    };
  },
};
