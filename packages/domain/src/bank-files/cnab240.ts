/**
 * CNAB 240 boleto registration (BANKING-AND-HEALTH.md §3): file header, lot header, segments P and Q
 * (remittance), T and U (return), lot trailer, file trailer, for Banco do Brasil (001, FEBRABAN positions) and
 * Santander (033, SAN-240 v2.5) where they differ (file and lot headers, P, Q 210–240, T, remittance lot trailer).
 *
 * Identifiers written so that the return can be matched: the nosso número (P 038–057 BB / 045–057 Santander,
 * echoed in T) and our charge id in P 196–220 "identificação do título na empresa" (echoed in T 106–130 / 101–125).
 * Nosso número in and out as `boletoNumbers` prints it (billing/boleto.ts): BB 17 digits (convênio 7 + sequence
 * 10); Santander 12 digits, dash, check digit (a 12-digit number gets its digit from `santanderNossoNumeroDigit`).
 *
 * Choices where the notes are silent (to confirm at the bank's homologation): title kind `04` (DS, duplicata de
 * serviço), acceptance `N`, no interest, discount or protest (BB protest `3`, Santander `0`), write-off code `1`
 * after `writeOffDays` (default 60; Santander stops on `0`, §6.5), BB wallet code `7` (carteira 17), Santander
 * tipo de cobrança `1`; file header time `000000` unless given. Return trailers: the lot and file record counts
 * must match; the lot trailer's "cobrança simples" count and sum, when the bank fills them (non-zero), must match
 * the T records (count and nominal amounts).
 */
import { santanderNossoNumeroDigit, type BoletoBankCode } from '../billing/boleto.js';
import { bankFileMessages as m } from './bank-files.messages.js';
import {
  closeReceivedFile,
  fileText,
  problemAt,
  readReceivedLines,
  splitLines,
  writeFile,
  type BankFileProblem,
  type BuiltFile,
  type BuiltRecord,
  type LineTerminator,
} from './file.js';
import { BankFileError, defineLayout, readRecord, writeRecord, type FieldSpec, type RecordValues } from './layout.js';
import {
  bbBoletoReturnCodes,
  boletoRejectionReasons,
  boletoSettlementReasons,
  lookupReturnCode,
  santanderBoletoReturnCodes,
  type ReturnStatus,
} from './return-codes.js';

const W = 240;

/** 001–017 of every detail segment: bank, lot, type 3, sequence in the lot, segment letter, filler, movement. */
const segmentStart = (letter: string) =>
  [
    { name: 'bankCode', start: 1, length: 3, type: 'num' },
    { name: 'lot', start: 4, length: 4, type: 'num' },
    { name: 'recordType', start: 8, length: 1, type: 'const', value: '3' },
    { name: 'sequence', start: 9, length: 5, type: 'num' },
    { name: 'segment', start: 14, length: 1, type: 'const', value: letter },
    { name: '_filler015', start: 15, length: 1, type: 'alpha' },
    { name: 'movement', start: 16, length: 2, type: 'alpha' },
  ] as const satisfies readonly FieldSpec[];

export const cnab240HeaderBB = defineLayout('CNAB240 header de arquivo BB', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'const', value: '0000' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '0' },
  { name: '_filler009', start: 9, length: 9, type: 'alpha' },
  { name: 'companyIdType', start: 18, length: 1, type: 'num' },
  { name: 'companyId', start: 19, length: 14, type: 'num' },
  { name: 'agreement', start: 33, length: 20, type: 'alpha' },
  { name: 'agency', start: 53, length: 5, type: 'num' },
  { name: 'agencyDigit', start: 58, length: 1, type: 'alpha' },
  { name: 'account', start: 59, length: 12, type: 'num' },
  { name: 'accountDigit', start: 71, length: 1, type: 'alpha' },
  { name: 'agencyAccountDigit', start: 72, length: 1, type: 'alpha' },
  { name: 'companyName', start: 73, length: 30, type: 'alpha', truncate: true },
  { name: 'bankName', start: 103, length: 30, type: 'alpha', truncate: true },
  { name: '_filler133', start: 133, length: 10, type: 'alpha' },
  { name: 'operation', start: 143, length: 1, type: 'num' },
  { name: 'date', start: 144, length: 8, type: 'date-ddmmyyyy' },
  { name: 'time', start: 152, length: 6, type: 'num' },
  { name: 'nsa', start: 158, length: 6, type: 'num' },
  { name: 'version', start: 164, length: 3, type: 'num' },
  { name: 'density', start: 167, length: 5, type: 'num' },
  { name: 'bankReserved', start: 172, length: 20, type: 'alpha' },
  { name: 'companyReserved', start: 192, length: 20, type: 'alpha' },
  { name: '_filler212', start: 212, length: 29, type: 'alpha' },
] as const);

export const cnab240HeaderSantander = defineLayout('CNAB240 header de arquivo Santander', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'const', value: '0000' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '0' },
  { name: '_filler009', start: 9, length: 8, type: 'alpha' },
  { name: 'companyIdType', start: 17, length: 1, type: 'num' },
  { name: 'companyId', start: 18, length: 15, type: 'num' },
  { name: 'agreement', start: 33, length: 15, type: 'alpha' },
  { name: '_filler048', start: 48, length: 25, type: 'alpha' },
  { name: 'companyName', start: 73, length: 30, type: 'alpha', truncate: true },
  { name: 'bankName', start: 103, length: 30, type: 'alpha', truncate: true },
  { name: '_filler133', start: 133, length: 10, type: 'alpha' },
  { name: 'operation', start: 143, length: 1, type: 'num' },
  { name: 'date', start: 144, length: 8, type: 'date-ddmmyyyy' },
  { name: '_filler152', start: 152, length: 6, type: 'alpha' },
  { name: 'nsa', start: 158, length: 6, type: 'num' },
  { name: 'version', start: 164, length: 3, type: 'num' },
  { name: '_filler167', start: 167, length: 74, type: 'alpha' },
] as const);

export const cnab240LotHeaderBB = defineLayout('CNAB240 header de lote BB', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'num' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '1' },
  { name: 'operation', start: 9, length: 1, type: 'alpha' },
  { name: 'service', start: 10, length: 2, type: 'num' },
  { name: '_filler012', start: 12, length: 2, type: 'alpha' },
  { name: 'version', start: 14, length: 3, type: 'num' },
  { name: '_filler017', start: 17, length: 1, type: 'alpha' },
  { name: 'companyIdType', start: 18, length: 1, type: 'num' },
  { name: 'companyId', start: 19, length: 15, type: 'num' },
  { name: 'agreement', start: 34, length: 20, type: 'alpha' },
  { name: 'agency', start: 54, length: 5, type: 'num' },
  { name: 'agencyDigit', start: 59, length: 1, type: 'alpha' },
  { name: 'account', start: 60, length: 12, type: 'num' },
  { name: 'accountDigit', start: 72, length: 1, type: 'alpha' },
  { name: 'agencyAccountDigit', start: 73, length: 1, type: 'alpha' },
  { name: 'companyName', start: 74, length: 30, type: 'alpha', truncate: true },
  { name: 'message1', start: 104, length: 40, type: 'alpha', truncate: true },
  { name: 'message2', start: 144, length: 40, type: 'alpha', truncate: true },
  { name: 'remittanceNumber', start: 184, length: 8, type: 'num' },
  { name: 'date', start: 192, length: 8, type: 'date-ddmmyyyy' },
  { name: 'creditDate', start: 200, length: 8, type: 'date-ddmmyyyy' },
  { name: '_filler208', start: 208, length: 33, type: 'alpha' },
] as const);

export const cnab240LotHeaderSantander = defineLayout('CNAB240 header de lote Santander', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'num' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '1' },
  { name: 'operation', start: 9, length: 1, type: 'alpha' },
  { name: 'service', start: 10, length: 2, type: 'num' },
  { name: '_filler012', start: 12, length: 2, type: 'alpha' },
  { name: 'version', start: 14, length: 3, type: 'num' },
  { name: '_filler017', start: 17, length: 1, type: 'alpha' },
  { name: 'companyIdType', start: 18, length: 1, type: 'num' },
  { name: 'companyId', start: 19, length: 15, type: 'num' },
  { name: '_filler034', start: 34, length: 20, type: 'alpha' },
  { name: 'agreement', start: 54, length: 15, type: 'alpha' },
  { name: '_filler069', start: 69, length: 5, type: 'alpha' },
  { name: 'companyName', start: 74, length: 30, type: 'alpha', truncate: true },
  { name: 'message1', start: 104, length: 40, type: 'alpha', truncate: true },
  { name: 'message2', start: 144, length: 40, type: 'alpha', truncate: true },
  { name: 'remittanceNumber', start: 184, length: 8, type: 'num' },
  { name: 'date', start: 192, length: 8, type: 'date-ddmmyyyy' },
  { name: '_filler200', start: 200, length: 41, type: 'alpha' },
] as const);

export const cnab240PBB = defineLayout('CNAB240 segmento P BB', W, [
  ...segmentStart('P'),
  { name: 'agency', start: 18, length: 5, type: 'num' },
  { name: 'agencyDigit', start: 23, length: 1, type: 'alpha' },
  { name: 'account', start: 24, length: 12, type: 'num' },
  { name: 'accountDigit', start: 36, length: 1, type: 'alpha' },
  { name: 'agencyAccountDigit', start: 37, length: 1, type: 'alpha' },
  { name: 'nossoNumero', start: 38, length: 20, type: 'alpha' },
  { name: 'walletCode', start: 58, length: 1, type: 'num' },
  { name: 'registration', start: 59, length: 1, type: 'num' },
  { name: 'documentType', start: 60, length: 1, type: 'alpha' },
  { name: 'printedBy', start: 61, length: 1, type: 'num' },
  { name: 'distributedBy', start: 62, length: 1, type: 'alpha' },
  { name: 'documentNumber', start: 63, length: 15, type: 'alpha' },
  { name: 'dueDate', start: 78, length: 8, type: 'date-ddmmyyyy' },
  { name: 'valueCents', start: 86, length: 15, type: 'money' },
  { name: 'collectingAgency', start: 101, length: 5, type: 'num' },
  { name: 'collectingAgencyDigit', start: 106, length: 1, type: 'alpha' },
  { name: 'titleKind', start: 107, length: 2, type: 'num' },
  { name: 'acceptance', start: 109, length: 1, type: 'alpha' },
  { name: 'issueDate', start: 110, length: 8, type: 'date-ddmmyyyy' },
  { name: 'interestCode', start: 118, length: 1, type: 'num' },
  { name: 'interestDate', start: 119, length: 8, type: 'date-ddmmyyyy' },
  { name: 'interestCents', start: 127, length: 15, type: 'money' },
  { name: 'discountCode', start: 142, length: 1, type: 'num' },
  { name: 'discountDate', start: 143, length: 8, type: 'date-ddmmyyyy' },
  { name: 'discountCents', start: 151, length: 15, type: 'money' },
  { name: 'iofCents', start: 166, length: 15, type: 'money' },
  { name: 'rebateCents', start: 181, length: 15, type: 'money' },
  { name: 'chargeId', start: 196, length: 25, type: 'alpha' },
  { name: 'protestCode', start: 221, length: 1, type: 'num' },
  { name: 'protestDays', start: 222, length: 2, type: 'num' },
  { name: 'writeOffCode', start: 224, length: 1, type: 'num' },
  { name: 'writeOffDays', start: 225, length: 3, type: 'num' },
  { name: 'currency', start: 228, length: 2, type: 'num' },
  { name: 'contract', start: 230, length: 10, type: 'num' },
  { name: '_filler240', start: 240, length: 1, type: 'alpha' },
] as const);

export const cnab240PSantander = defineLayout('CNAB240 segmento P Santander', W, [
  ...segmentStart('P'),
  { name: 'agency', start: 18, length: 4, type: 'num' },
  { name: 'agencyDigit', start: 22, length: 1, type: 'num' },
  { name: 'account', start: 23, length: 9, type: 'num' },
  { name: 'accountDigit', start: 32, length: 1, type: 'num' },
  { name: 'collectionAccount', start: 33, length: 9, type: 'num' },
  { name: 'collectionAccountDigit', start: 42, length: 1, type: 'num' },
  { name: '_filler043', start: 43, length: 2, type: 'alpha' },
  { name: 'nossoNumero', start: 45, length: 13, type: 'num' },
  { name: 'walletCode', start: 58, length: 1, type: 'num' },
  { name: 'registration', start: 59, length: 1, type: 'num' },
  { name: 'documentType', start: 60, length: 1, type: 'num' },
  { name: '_filler061', start: 61, length: 2, type: 'alpha' },
  { name: 'documentNumber', start: 63, length: 15, type: 'alpha' },
  { name: 'dueDate', start: 78, length: 8, type: 'date-ddmmyyyy' },
  { name: 'valueCents', start: 86, length: 15, type: 'money' },
  { name: 'collectingAgency', start: 101, length: 4, type: 'num' },
  { name: 'collectingAgencyDigit', start: 105, length: 1, type: 'num' },
  { name: '_filler106', start: 106, length: 1, type: 'alpha' },
  { name: 'titleKind', start: 107, length: 2, type: 'num' },
  { name: 'acceptance', start: 109, length: 1, type: 'alpha' },
  { name: 'issueDate', start: 110, length: 8, type: 'date-ddmmyyyy' },
  { name: 'interestCode', start: 118, length: 1, type: 'num' },
  { name: 'interestDate', start: 119, length: 8, type: 'date-ddmmyyyy' },
  { name: 'interestCents', start: 127, length: 15, type: 'money' },
  { name: 'discountCode', start: 142, length: 1, type: 'num' },
  { name: 'discountDate', start: 143, length: 8, type: 'date-ddmmyyyy' },
  { name: 'discountCents', start: 151, length: 15, type: 'money' },
  { name: 'iofCents', start: 166, length: 15, type: 'money' },
  { name: 'rebateCents', start: 181, length: 15, type: 'money' },
  { name: 'chargeId', start: 196, length: 25, type: 'alpha' },
  { name: 'protestCode', start: 221, length: 1, type: 'num' },
  { name: 'protestDays', start: 222, length: 2, type: 'num' },
  { name: 'writeOffCode', start: 224, length: 1, type: 'num' },
  { name: 'writeOffFixed', start: 225, length: 1, type: 'const', value: '0' },
  { name: 'writeOffDays', start: 226, length: 2, type: 'num' },
  { name: 'currency', start: 228, length: 2, type: 'num' },
  { name: '_filler230', start: 230, length: 11, type: 'alpha' },
] as const);

const qPayer = [
  ...segmentStart('Q'),
  { name: 'payerIdType', start: 18, length: 1, type: 'num' },
  { name: 'payerId', start: 19, length: 15, type: 'num' },
  { name: 'payerName', start: 34, length: 40, type: 'alpha', truncate: true },
  { name: 'address', start: 74, length: 40, type: 'alpha', truncate: true },
  { name: 'district', start: 114, length: 15, type: 'alpha', truncate: true },
  { name: 'cep', start: 129, length: 5, type: 'num' },
  { name: 'cepSuffix', start: 134, length: 3, type: 'num' },
  { name: 'city', start: 137, length: 15, type: 'alpha', truncate: true },
  { name: 'uf', start: 152, length: 2, type: 'alpha' },
  { name: 'guarantorIdType', start: 154, length: 1, type: 'num' },
  { name: 'guarantorId', start: 155, length: 15, type: 'num' },
  { name: 'guarantorName', start: 170, length: 40, type: 'alpha', truncate: true },
] as const satisfies readonly FieldSpec[];

export const cnab240QBB = defineLayout('CNAB240 segmento Q BB', W, [
  ...qPayer,
  { name: 'correspondentBank', start: 210, length: 3, type: 'num' },
  { name: 'correspondentNossoNumero', start: 213, length: 20, type: 'alpha' },
  { name: '_filler233', start: 233, length: 8, type: 'alpha' },
] as const);

export const cnab240QSantander = defineLayout('CNAB240 segmento Q Santander', W, [
  ...qPayer,
  { name: 'carne', start: 210, length: 12, type: 'num' },
  { name: '_filler222', start: 222, length: 19, type: 'alpha' },
] as const);

export const cnab240TBB = defineLayout('CNAB240 segmento T BB', W, [
  ...segmentStart('T'),
  { name: 'agency', start: 18, length: 5, type: 'num' },
  { name: 'agencyDigit', start: 23, length: 1, type: 'alpha' },
  { name: 'account', start: 24, length: 12, type: 'num' },
  { name: 'accountDigit', start: 36, length: 1, type: 'alpha' },
  { name: 'agencyAccountDigit', start: 37, length: 1, type: 'alpha' },
  { name: 'nossoNumero', start: 38, length: 20, type: 'alpha' },
  { name: 'wallet', start: 58, length: 1, type: 'num' },
  { name: 'documentNumber', start: 59, length: 15, type: 'alpha' },
  { name: 'dueDate', start: 74, length: 8, type: 'date-ddmmyyyy' },
  { name: 'valueCents', start: 82, length: 15, type: 'money' },
  { name: 'receivingBank', start: 97, length: 3, type: 'num' },
  { name: 'receivingAgency', start: 100, length: 5, type: 'num' },
  { name: 'receivingAgencyDigit', start: 105, length: 1, type: 'alpha' },
  { name: 'chargeId', start: 106, length: 25, type: 'alpha' },
  { name: 'currency', start: 131, length: 2, type: 'num' },
  { name: 'payerIdType', start: 133, length: 1, type: 'num' },
  { name: 'payerId', start: 134, length: 15, type: 'num' },
  { name: 'payerName', start: 149, length: 40, type: 'alpha', truncate: true },
  { name: 'contract', start: 189, length: 10, type: 'num' },
  { name: 'feeCents', start: 199, length: 15, type: 'money' },
  { name: 'reasons', start: 214, length: 10, type: 'alpha' },
  { name: '_filler224', start: 224, length: 17, type: 'alpha' },
] as const);

export const cnab240TSantander = defineLayout('CNAB240 segmento T Santander', W, [
  ...segmentStart('T'),
  { name: 'agency', start: 18, length: 4, type: 'num' },
  { name: 'agencyDigit', start: 22, length: 1, type: 'num' },
  { name: 'account', start: 23, length: 9, type: 'num' },
  { name: 'accountDigit', start: 32, length: 1, type: 'num' },
  { name: '_filler033', start: 33, length: 8, type: 'alpha' },
  { name: 'nossoNumero', start: 41, length: 13, type: 'num' },
  { name: 'wallet', start: 54, length: 1, type: 'num' },
  { name: 'documentNumber', start: 55, length: 15, type: 'alpha' },
  { name: 'dueDate', start: 70, length: 8, type: 'date-ddmmyyyy' },
  { name: 'valueCents', start: 78, length: 15, type: 'money' },
  { name: 'receivingBank', start: 93, length: 3, type: 'num' },
  { name: 'receivingAgency', start: 96, length: 4, type: 'num' },
  { name: 'receivingAgencyDigit', start: 100, length: 1, type: 'alpha' },
  { name: 'chargeId', start: 101, length: 25, type: 'alpha' },
  { name: 'currency', start: 126, length: 2, type: 'num' },
  { name: 'payerIdType', start: 128, length: 1, type: 'num' },
  { name: 'payerId', start: 129, length: 15, type: 'num' },
  { name: 'payerName', start: 144, length: 40, type: 'alpha', truncate: true },
  { name: 'collectionAccount', start: 184, length: 10, type: 'num' },
  { name: 'feeCents', start: 194, length: 15, type: 'money' },
  { name: 'reasons', start: 209, length: 10, type: 'alpha' },
  { name: '_filler219', start: 219, length: 22, type: 'alpha' },
] as const);

/** Segment U: the same positions for FEBRABAN, BB and Santander (§3.5). */
export const cnab240U = defineLayout('CNAB240 segmento U', W, [
  ...segmentStart('U'),
  { name: 'interestCents', start: 18, length: 15, type: 'money' },
  { name: 'discountCents', start: 33, length: 15, type: 'money' },
  { name: 'rebateCents', start: 48, length: 15, type: 'money' },
  { name: 'iofCents', start: 63, length: 15, type: 'money' },
  { name: 'paidCents', start: 78, length: 15, type: 'money' },
  { name: 'netCents', start: 93, length: 15, type: 'money' },
  { name: 'otherExpensesCents', start: 108, length: 15, type: 'money' },
  { name: 'otherCreditsCents', start: 123, length: 15, type: 'money' },
  { name: 'occurrenceDate', start: 138, length: 8, type: 'date-ddmmyyyy' },
  { name: 'creditDate', start: 146, length: 8, type: 'date-ddmmyyyy' },
  { name: 'payerOccurrence', start: 154, length: 4, type: 'alpha' },
  { name: 'payerOccurrenceDate', start: 158, length: 8, type: 'date-ddmmyyyy' },
  { name: 'payerOccurrenceCents', start: 166, length: 15, type: 'money' },
  { name: 'payerOccurrenceText', start: 181, length: 30, type: 'alpha', truncate: true },
  { name: 'correspondentBank', start: 211, length: 3, type: 'num' },
  { name: 'correspondentNossoNumero', start: 214, length: 20, type: 'alpha' },
  { name: '_filler234', start: 234, length: 7, type: 'alpha' },
] as const);

/** Lot trailer with the collection totals (FEBRABAN; BB remittance and every return). */
export const cnab240LotTrailer = defineLayout('CNAB240 trailer de lote', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'num' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '5' },
  { name: '_filler009', start: 9, length: 9, type: 'alpha' },
  { name: 'recordCount', start: 18, length: 6, type: 'num' },
  { name: 'simpleCount', start: 24, length: 6, type: 'num' },
  { name: 'simpleCents', start: 30, length: 17, type: 'money' },
  { name: 'boundCount', start: 47, length: 6, type: 'num' },
  { name: 'boundCents', start: 53, length: 17, type: 'money' },
  { name: 'pledgedCount', start: 70, length: 6, type: 'num' },
  { name: 'pledgedCents', start: 76, length: 17, type: 'money' },
  { name: 'discountedCount', start: 93, length: 6, type: 'num' },
  { name: 'discountedCents', start: 99, length: 17, type: 'money' },
  { name: 'notice', start: 116, length: 8, type: 'alpha' },
  { name: '_filler124', start: 124, length: 117, type: 'alpha' },
] as const);

/** Santander's remittance lot trailer: the record count only (SAN-240). */
export const cnab240LotTrailerSantanderRemittance = defineLayout('CNAB240 trailer de lote remessa Santander', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'num' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '5' },
  { name: '_filler009', start: 9, length: 9, type: 'alpha' },
  { name: 'recordCount', start: 18, length: 6, type: 'num' },
  { name: '_filler024', start: 24, length: 217, type: 'alpha' },
] as const);

export const cnab240FileTrailer = defineLayout('CNAB240 trailer de arquivo', W, [
  { name: 'bankCode', start: 1, length: 3, type: 'num' },
  { name: 'lot', start: 4, length: 4, type: 'const', value: '9999' },
  { name: 'recordType', start: 8, length: 1, type: 'const', value: '9' },
  { name: '_filler009', start: 9, length: 9, type: 'alpha' },
  { name: 'lotCount', start: 18, length: 6, type: 'num' },
  { name: 'recordCount', start: 24, length: 6, type: 'num' },
  { name: 'accountCount', start: 30, length: 6, type: 'num' },
  { name: '_filler036', start: 36, length: 205, type: 'alpha' },
] as const);

/** Every CNAB 240 layout (checked by the tests: contiguous, 240 wide). */
export const cnab240Layouts = [
  cnab240HeaderBB,
  cnab240HeaderSantander,
  cnab240LotHeaderBB,
  cnab240LotHeaderSantander,
  cnab240PBB,
  cnab240PSantander,
  cnab240QBB,
  cnab240QSantander,
  cnab240TBB,
  cnab240TSantander,
  cnab240U,
  cnab240LotTrailer,
  cnab240LotTrailerSantanderRemittance,
  cnab240FileTrailer,
] as const;

/** Per-bank facts of §3.1/§3.2: names, layout versions, currency and protest codes. */
export const boletoBanks = {
  '001': { name: 'BANCO DO BRASIL S.A.', fileVersion: '083', lotVersion: '042', currency: '09', noProtest: '3', walletCode: '7' },
  '033': { name: 'BANCO SANTANDER', fileVersion: '040', lotVersion: '030', currency: '00', noProtest: '0', walletCode: '1' },
} as const satisfies Record<BoletoBankCode, object>;

/** The company's boleto agreement with the configured bank (configuration: README's table). */
export interface BoletoAgreement {
  /** BB: convênio, 7 digits. Santander: código de transmissão, 15 digits. */
  code: string;
  companyName: string;
  /** The association's CNPJ, 14 digits. */
  companyCnpj: string;
  agency: string;
  agencyDigit: string;
  account: string;
  accountDigit: string;
  /** BB: carteira (e.g. '17') and variação (e.g. '019'), written in the convênio field. */
  wallet?: string;
  walletVariation?: string;
  /** Santander: conta cobrança and its digit (P 033–042); defaults to the account. */
  collectionAccount?: string;
  collectionAccountDigit?: string;
  /** Days after the due date when the bank writes the title off (default 60). */
  writeOffDays?: number;
  terminator?: LineTerminator;
}

export interface BoletoPayer {
  name: string;
  /** CPF (11 digits) or CNPJ (14), punctuation allowed. */
  cpf: string;
  address: string;
  district?: string;
  /** 8 digits, punctuation allowed. */
  cep: string;
  city: string;
  uf: string;
}

export interface BoletoRemittanceItem {
  chargeId: string | number;
  /** As `boletoNumbers` prints it: BB 17 digits; Santander 12 digits (its check digit is added) or 12-dash-digit. */
  nossoNumero: string;
  dueDate: string;
  valueCents: number;
  /** Issue date, default the file date. */
  issueDate?: string;
  /** "Seu número" (P 063–077), default the charge id. */
  documentNumber?: string;
  payer: BoletoPayer;
  /** Movement (instruction) code, default '01' new title. */
  movement?: string;
}

export interface BoletoRemittanceInput {
  bank: BoletoBankCode;
  agreement: BoletoAgreement;
  nsa: number;
  /** Generation date 'YYYY-MM-DD'. */
  date: string;
  /** 'HHMMSS', default 000000 (BB header only). */
  time?: string;
  /** Titles per lot when the bank asks for smaller lots; at most (and by default) {@link MAX_TITLES_PER_LOT}. */
  titlesPerLot?: number;
  boletos: readonly BoletoRemittanceItem[];
}

const digitsOf = (value: string) => (/^\d*$/.test(value) ? value : value.replace(/\D/g, ''));

/** The nosso número as the P segment carries it, checked against the agreement (BB) or its digit (Santander). */
function nossoNumeroField(bank: BoletoBankCode, agreement: BoletoAgreement, printed: string): string {
  const digits = digitsOf(printed);
  if (bank === '001') {
    if (digits.length !== 17) throw new BankFileError(m.tooLong(17), 'nossoNumero');
    if (!digits.startsWith(digitsOf(agreement.code).padStart(7, '0'))) throw new BankFileError(m.nossoNumeroAgreement, 'nossoNumero');
    return digits;
  }
  if (digits.length === 12) return digits + santanderNossoNumeroDigit(digits);
  if (digits.length !== 13) throw new BankFileError(m.tooLong(13), 'nossoNumero');
  if (santanderNossoNumeroDigit(digits.slice(0, 12)) !== Number(digits[12])) throw new BankFileError(m.nossoNumeroDigit, 'nossoNumero');
  return digits;
}

/** The nosso número as boletoNumbers prints it, from the P/T field. */
function printedNossoNumero(bank: BoletoBankCode, field: string): string {
  const digits = field.trim();
  if (bank === '001') return digits;
  const thirteen = digits.padStart(13, '0');
  return `${thirteen.slice(0, 12)}-${thirteen.slice(12)}`;
}

/** BB's convênio field (§3.1): convênio zero-filled to 9 + '0014' + carteira (2) + variação (3) + 2 spaces. */
function bbAgreementField(agreement: BoletoAgreement): string {
  return (
    digitsOf(agreement.code).padStart(9, '0') +
    '0014' +
    (agreement.wallet ?? '17').padStart(2, '0') +
    (agreement.walletVariation ?? '019').padStart(3, '0')
  );
}

/**
 * A lot numbers its records in 5 digits (009–013), so it holds at most 99,999 detail records: 49,999 titles of
 * two segments (P, Q). Larger files get more lots (the file trailer counts them).
 */
export const MAX_TITLES_PER_LOT = 49_999;

function lotSize(requested: number | undefined): number {
  const size = requested ?? MAX_TITLES_PER_LOT;
  if (!Number.isInteger(size) || size < 1 || size > MAX_TITLES_PER_LOT) throw new BankFileError(m.tooLong(MAX_TITLES_PER_LOT), 'titlesPerLot');
  return size;
}

/** Splits items in runs of at most `size`; always at least one run, so an empty file still has its lot. */
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out.length ? out : [[]];
}

const payerIdType = (document: string) => (digitsOf(document).length > 11 ? '2' : '1');

/**
 * The CNAB 240 boleto registration file: file header, one lot (header, P and Q per boleto, trailer), file trailer.
 * Throws {@link BankFileError} naming the line and field for a bad value (a too-long number, a bad date, a nosso
 * número that does not belong to the agreement or whose digit is wrong).
 */
export function buildBoletoRemittance(input: BoletoRemittanceInput): BuiltFile {
  const { bank, agreement } = input;
  const facts = boletoBanks[bank];
  const bb = bank === '001';
  const company = { companyIdType: '2', companyId: digitsOf(agreement.companyCnpj), companyName: agreement.companyName };
  const lines: string[] = [];
  const records: BuiltRecord[] = [];
  const at = <T>(build: () => T): T => {
    try {
      return build();
    } catch (error) {
      if (error instanceof BankFileError) throw new BankFileError(error.reason, error.field, lines.length + 1);
      throw error;
    }
  };
  lines.push(
    at(() =>
      bb
        ? writeRecord(cnab240HeaderBB, {
            bankCode: bank,
            ...company,
            agreement: bbAgreementField(agreement),
            agency: agreement.agency,
            agencyDigit: agreement.agencyDigit,
            account: agreement.account,
            accountDigit: agreement.accountDigit,
            bankName: facts.name,
            operation: '1',
            date: input.date,
            time: input.time ?? '0',
            nsa: input.nsa,
            version: facts.fileVersion,
          })
        : writeRecord(cnab240HeaderSantander, {
            bankCode: bank,
            ...company,
            agreement: agreement.code,
            bankName: facts.name,
            operation: '1',
            date: input.date,
            nsa: input.nsa,
            version: facts.fileVersion,
          }),
    ),
  );
  let totalCents = 0;
  const writeOffDays = agreement.writeOffDays ?? 60;
  const collectionAccount = agreement.collectionAccount ?? agreement.account;
  const collectionAccountDigit = agreement.collectionAccountDigit ?? agreement.accountDigit;
  const lots = chunks(input.boletos, lotSize(input.titlesPerLot));
  for (const [index, lotBoletos] of lots.entries()) {
    const lot = index + 1;
    const lotHeader = { bankCode: bank, lot, operation: 'R', service: '01', version: facts.lotVersion, ...company };
    lines.push(
      at(() =>
        bb
          ? writeRecord(cnab240LotHeaderBB, {
              ...lotHeader,
              agreement: bbAgreementField(agreement),
              agency: agreement.agency,
              agencyDigit: agreement.agencyDigit,
              account: agreement.account,
              accountDigit: agreement.accountDigit,
              remittanceNumber: input.nsa,
              date: input.date,
            })
          : writeRecord(cnab240LotHeaderSantander, {
              ...lotHeader,
              agreement: agreement.code,
              remittanceNumber: input.nsa,
              date: input.date,
            }),
      ),
    );
    let sequence = 0;
    let lotCents = 0;
    for (const boleto of lotBoletos) {
      const chargeId = String(boleto.chargeId);
      const movement = boleto.movement ?? '01';
      const line = lines.length + 1;
      const payer = boleto.payer;
      const cep = digitsOf(payer.cep).padStart(8, '0');
      // Plain object literals (no spreads): the writer reads them by key 200,000 times a second.
      const nossoNumero = at(() => nossoNumeroField(bank, agreement, boleto.nossoNumero));
      const p = {
        bankCode: bank,
        lot,
        sequence: ++sequence,
        movement,
        agency: agreement.agency,
        agencyDigit: agreement.agencyDigit,
        account: agreement.account,
        accountDigit: agreement.accountDigit,
        collectionAccount: collectionAccount,
        collectionAccountDigit: collectionAccountDigit,
        nossoNumero,
        walletCode: facts.walletCode,
        registration: '1',
        documentType: bb ? '' : '1',
        printedBy: '0',
        distributedBy: '0',
        documentNumber: boleto.documentNumber ?? chargeId,
        dueDate: boleto.dueDate,
        valueCents: boleto.valueCents,
        titleKind: '04',
        acceptance: 'N',
        issueDate: boleto.issueDate ?? input.date,
        chargeId,
        protestCode: facts.noProtest,
        writeOffCode: '1',
        writeOffDays,
        currency: facts.currency,
      };
      lines.push(at(() => (bb ? writeRecord(cnab240PBB, p) : writeRecord(cnab240PSantander, p))));
      const q = {
        bankCode: bank,
        lot,
        sequence: ++sequence,
        movement,
        payerIdType: payerIdType(payer.cpf),
        payerId: digitsOf(payer.cpf),
        payerName: payer.name,
        address: payer.address,
        district: payer.district ?? '',
        cep: cep.slice(0, 5),
        cepSuffix: cep.slice(5),
        city: payer.city,
        uf: payer.uf,
      };
      lines.push(at(() => (bb ? writeRecord(cnab240QBB, q) : writeRecord(cnab240QSantander, q))));
      lotCents += boleto.valueCents;
      records.push({ line, chargeId, memberId: '', valueCents: boleto.valueCents });
    }
    const lotRecords = sequence + 2;
    lines.push(
      bb
        ? writeRecord(cnab240LotTrailer, {
            bankCode: bank,
            lot,
            recordCount: lotRecords,
            simpleCount: lotBoletos.length,
            simpleCents: lotCents,
          })
        : writeRecord(cnab240LotTrailerSantanderRemittance, { bankCode: bank, lot, recordCount: lotRecords }),
    );
    totalCents += lotCents;
  }
  lines.push(writeRecord(cnab240FileTrailer, { bankCode: bank, lotCount: lots.length, recordCount: lines.length + 1 }));
  return { text: writeFile(lines, agreement.terminator), lines, records, recordCount: lines.length, totalCents };
}

export interface BoletoReason {
  code: string;
  description: string;
}

/** One T/U pair of a return: what happened to one boleto. */
export interface BoletoResult {
  /** Line of the T segment (the U is the next one). */
  line: number;
  /** As boletoNumbers prints it. */
  nossoNumero: string;
  chargeId: string;
  movement: string;
  status: ReturnStatus;
  description: string;
  /** Up to five reason codes (rejection, liquidation or write-off reasons) with their descriptions. */
  reasons: BoletoReason[];
  dueDate: string | null;
  /** Nominal amount of the title. */
  valueCents: number;
  /** Paid by the payer (U 078–092). */
  paidCents: number;
  /** Credited to the company (U 093–107). */
  netCents: number;
  feeCents: number;
  interestCents: number;
  discountCents: number;
  /** Payment (occurrence) date. */
  paidDate: string | null;
  creditDate: string | null;
}

export interface BoletoReturnFile {
  header: { bankCode: string; operation: string; nsa: number; date: string | null; agreement: string; companyName: string } | null;
  results: BoletoResult[];
  problems: BankFileProblem[];
  /** Headers and trailers present and every count (and the lot's sum, when given) adds up. */
  balanced: boolean;
}

function reasonsOf(movement: string, field: string): BoletoReason[] {
  const table = ['03', '26', '30'].includes(movement) ? boletoRejectionReasons : boletoSettlementReasons;
  const out: BoletoReason[] = [];
  for (let at = 0; at + 2 <= field.length; at += 2) {
    const code = field.slice(at, at + 2);
    if (code.trim() === '' || code === '00') continue;
    out.push({ code, description: table[code] ?? `Motivo ${code}` });
  }
  return out;
}

/**
 * Reads a CNAB 240 boleto return (BB or Santander, from the file header's bank code): T/U pairs with their movement
 * code mapped to a status, pt-BR description, reasons, nominal, paid and net values, fee and dates; and the problems
 * (wrong length, bad field, unknown record type or segment, T without U, missing or unbalanced trailers: kind
 * 'trailer' makes `balanced` false and the import refuses the whole file).
 */
export function readBoletoReturn(input: string | Uint8Array): BoletoReturnFile {
  const lines = splitLines(fileText(input), W);
  const file: BoletoReturnFile = { header: null, results: [], problems: [], balanced: false };
  if (lines.length === 0) {
    file.problems.push(problemAt(1, 'structure', m.empty));
    return file;
  }
  const first = lines[0]!;
  const bank = first.slice(0, 3) as BoletoBankCode;
  if (bank !== '001' && bank !== '033') {
    file.problems.push(problemAt(1, 'structure', m.wrongBank(first.slice(0, 3)), 'bankCode'));
    return file;
  }
  const bb = bank === '001';
  const codes = bb ? bbBoletoReturnCodes : santanderBoletoReturnCodes;
  let lotRecords = 0;
  let lotCount = 0;
  let titles = 0;
  let titlesCents = 0;
  let fileTrailer = false;
  let pending: { line: number; t: RecordValues<typeof cnab240TBB> | RecordValues<typeof cnab240TSantander> } | null = null;
  const closePending = () => {
    if (pending) file.problems.push(problemAt(pending.line, 'structure', m.pairMissing));
    pending = null;
  };
  readReceivedLines(lines, W, file.problems, (text, line) => {
    const type = text[7]!;
    if (type === '0') {
      if (line !== 1) file.problems.push(problemAt(line, 'structure', m.misplaced));
      const h = bb ? readRecord(cnab240HeaderBB, text, line) : readRecord(cnab240HeaderSantander, text, line);
      file.header = {
        bankCode: h.bankCode,
        operation: h.operation,
        nsa: Number(h.nsa),
        date: h.date,
        agreement: h.agreement,
        companyName: h.companyName,
      };
      if (h.operation !== '2') file.problems.push(problemAt(line, 'structure', m.notAReturn, 'operation'));
    } else if (type === '1') {
      lotCount++;
      lotRecords = 1;
      titles = 0;
      titlesCents = 0;
    } else if (type === '3') {
      lotRecords++;
      const segment = text[13];
      if (segment === 'T') {
        closePending();
        const t = bb ? readRecord(cnab240TBB, text, line) : readRecord(cnab240TSantander, text, line);
        pending = { line, t };
        titles++;
        titlesCents += t.valueCents;
      } else if (segment === 'U') {
        // The U closes its T even when it cannot be read (its own problem is listed, not a missing U).
        const current = pending as typeof pending;
        pending = null;
        const u = readRecord(cnab240U, text, line);
        if (!current) {
          file.problems.push(problemAt(line, 'structure', m.misplaced, 'segment'));
          return;
        }
        const t = current.t;
        const info = lookupReturnCode(codes, t.movement);
        file.results.push({
          line: current.line,
          nossoNumero: printedNossoNumero(bank, t.nossoNumero),
          chargeId: t.chargeId.trim(),
          movement: t.movement,
          status: info.status,
          description: info.description,
          reasons: reasonsOf(t.movement, t.reasons),
          dueDate: t.dueDate,
          valueCents: t.valueCents,
          paidCents: u.paidCents,
          netCents: u.netCents,
          feeCents: t.feeCents,
          interestCents: u.interestCents,
          discountCents: u.discountCents,
          paidDate: u.occurrenceDate,
          creditDate: u.creditDate,
        });
      } else {
        file.problems.push(problemAt(line, 'record-type', m.unknownRecord(`3${segment ?? ''}`), 'segment'));
      }
    } else if (type === '5') {
      closePending();
      lotRecords++;
      const trailer = readRecord(cnab240LotTrailer, text, line);
      const declared = Number(trailer.recordCount);
      if (declared !== lotRecords) file.problems.push(problemAt(line, 'trailer', m.trailerCount(declared, lotRecords), 'recordCount'));
      const simpleCount = Number(trailer.simpleCount);
      if (simpleCount !== 0 && simpleCount !== titles)
        file.problems.push(problemAt(line, 'trailer', m.trailerCount(simpleCount, titles), 'simpleCount'));
      if (trailer.simpleCents !== 0 && trailer.simpleCents !== titlesCents)
        file.problems.push(problemAt(line, 'trailer', m.trailerSum(trailer.simpleCents, titlesCents), 'simpleCents'));
    } else if (type === '9') {
      closePending();
      if (line !== lines.length) file.problems.push(problemAt(line, 'structure', m.misplaced));
      fileTrailer = true;
      const trailer = readRecord(cnab240FileTrailer, text, line);
      if (Number(trailer.recordCount) !== lines.length)
        file.problems.push(problemAt(line, 'trailer', m.trailerCount(Number(trailer.recordCount), lines.length), 'recordCount'));
      if (Number(trailer.lotCount) !== lotCount)
        file.problems.push(problemAt(line, 'trailer', m.trailerCount(Number(trailer.lotCount), lotCount), 'lotCount'));
    } else {
      file.problems.push(problemAt(line, 'record-type', m.unknownRecord(type), 'recordType'));
    }
  });
  closePending();
  // The file trailer's count and lot count were checked as it was read.
  file.balanced = closeReceivedFile(file.problems, lines.length, file.header !== null, fileTrailer ? () => undefined : null);
  return file;
}

/** What the bank did with one boleto, for {@link buildBoletoReturnFrom}. */
export type BoletoOutcome =
  | 'paid'
  | 'rejected'
  | 'written-off'
  | 'confirmed'
  | {
      movement: string;
      paidCents?: number;
      feeCents?: number;
      paidDate?: string;
      creditDate?: string;
      /** Reason codes (2 digits each), up to five. */
      reasons?: string[];
    };

const outcomeShorthands = {
  paid: { movement: '06', reasons: ['04'] },
  rejected: { movement: '03', reasons: ['20'] },
  'written-off': { movement: '09', reasons: ['10'] },
  confirmed: { movement: '02', reasons: [] },
} as const;

interface RemittanceTitle {
  chargeId: string;
  agency: string;
  agencyDigit: string;
  account: string;
  accountDigit: string;
  nossoNumero: string;
  documentNumber: string;
  dueDate: string | null;
  valueCents: number;
  payerIdType: string;
  payerId: string;
  payerName: string;
}

/** The titles (P + Q) of a CNAB 240 remittance, for {@link buildBoletoReturnFrom}. */
function remittanceTitles(bank: BoletoBankCode, lines: string[]): RemittanceTitle[] {
  const titles: RemittanceTitle[] = [];
  lines.forEach((text, index) => {
    if (text[7] !== '3') return;
    if (text[13] === 'P') {
      const p = bank === '001' ? readRecord(cnab240PBB, text, index + 1) : readRecord(cnab240PSantander, text, index + 1);
      titles.push({
        chargeId: p.chargeId.trim(),
        agency: p.agency,
        agencyDigit: p.agencyDigit,
        account: p.account,
        accountDigit: p.accountDigit,
        nossoNumero: p.nossoNumero,
        documentNumber: p.documentNumber,
        dueDate: p.dueDate,
        valueCents: p.valueCents,
        payerIdType: '0',
        payerId: '0',
        payerName: '',
      });
    } else if (text[13] === 'Q') {
      const q = readRecord(cnab240QBB, text, index + 1);
      const title = titles.at(-1);
      if (title) Object.assign(title, { payerIdType: q.payerIdType, payerId: q.payerId, payerName: q.payerName });
    }
  });
  return titles;
}

/**
 * For tests: the return a bank would send for a CNAB 240 remittance. Each title whose charge id is in `outcomes`
 * gets a T/U pair with that movement ('paid' = 06 paid in full on the due date, credited the next day, no fee;
 * 'rejected' = 03 reason 20; 'written-off' = 09; 'confirmed' = 02; or a movement with its details); titles not
 * listed get nothing. Headers with operation 2, the given NSA (default the remittance's), trailers with the counts
 * and the lot's "cobrança simples" totals.
 */
export function buildBoletoReturnFrom(
  remittanceText: string,
  outcomes: Readonly<Record<string, BoletoOutcome>>,
  options: { nsa?: number; date?: string; terminator?: LineTerminator; titlesPerLot?: number } = {},
): BuiltFile {
  const source = splitLines(remittanceText, W);
  const header = source[0];
  if (!header || header[7] !== '0') throw new BankFileError(m.noHeader);
  const bank = header.slice(0, 3) as BoletoBankCode;
  const bb = bank === '001';
  const fileHeader = bb ? readRecord(cnab240HeaderBB, header, 1) : readRecord(cnab240HeaderSantander, header, 1);
  const lotHeaderLine = source[1] ?? '';
  const lotHeader = bb ? readRecord(cnab240LotHeaderBB, lotHeaderLine, 2) : readRecord(cnab240LotHeaderSantander, lotHeaderLine, 2);
  const date = options.date ?? fileHeader.date;
  const nsa = options.nsa ?? Number(fileHeader.nsa);
  const { recordType: _f, lot: _l, ...fileHeaderValues } = fileHeader;
  const { recordType: _r, ...lotHeaderValues } = lotHeader;
  const lines = [
    bb
      ? writeRecord(cnab240HeaderBB, { ...(fileHeaderValues as object), operation: '2', date, nsa })
      : writeRecord(cnab240HeaderSantander, { ...(fileHeaderValues as object), operation: '2', date, nsa }),
  ];
  const records: BuiltRecord[] = [];
  let totalCents = 0;
  const nextDay = (iso: string | null | undefined) => {
    if (!iso) return null;
    const time = Date.parse(`${iso}T00:00:00Z`) + 86_400_000;
    return new Date(time).toISOString().slice(0, 10);
  };
  const answered = remittanceTitles(bank, source).filter((title) => outcomes[title.chargeId] !== undefined);
  const lots = chunks(answered, lotSize(options.titlesPerLot));
  for (const [index, lotTitles] of lots.entries()) {
    const lot = index + 1;
    lines.push(
      bb
        ? writeRecord(cnab240LotHeaderBB, { ...(lotHeaderValues as object), lot, operation: 'T', remittanceNumber: nsa, date })
        : writeRecord(cnab240LotHeaderSantander, { ...(lotHeaderValues as object), lot, operation: 'T', remittanceNumber: nsa, date }),
    );
    let sequence = 0;
    let titlesCents = 0;
    for (const title of lotTitles) {
      const given = outcomes[title.chargeId]!;
      const outcome = typeof given === 'string' ? outcomeShorthands[given] : given;
      const paidCents = 'paidCents' in outcome ? outcome.paidCents : undefined;
      const paying = ['06', '17', '15'].includes(outcome.movement);
      const paid = paying ? (paidCents ?? title.valueCents) : 0;
      const fee = 'feeCents' in outcome ? (outcome.feeCents ?? 0) : 0;
      const paidDate = paying ? ('paidDate' in outcome && outcome.paidDate) || title.dueDate : null;
      const creditDate = paying ? ('creditDate' in outcome && outcome.creditDate) || nextDay(paidDate) : null;
      const t = {
        bankCode: bank,
        lot,
        sequence: ++sequence,
        movement: outcome.movement,
        agency: title.agency,
        agencyDigit: title.agencyDigit,
        account: title.account,
        accountDigit: title.accountDigit,
        nossoNumero: title.nossoNumero,
        documentNumber: title.documentNumber,
        dueDate: title.dueDate,
        valueCents: title.valueCents,
        chargeId: title.chargeId,
        currency: bb ? '09' : '00',
        payerIdType: title.payerIdType,
        payerId: title.payerId,
        payerName: title.payerName,
        feeCents: fee,
        reasons: (outcome.reasons ?? []).join(''),
      };
      records.push({ line: lines.length + 1, chargeId: title.chargeId, memberId: '', valueCents: paid });
      lines.push(bb ? writeRecord(cnab240TBB, t) : writeRecord(cnab240TSantander, t));
      lines.push(
        writeRecord(cnab240U, {
          bankCode: bank,
          lot,
          sequence: ++sequence,
          movement: outcome.movement,
          paidCents: paid,
          netCents: paid - fee > 0 ? paid - fee : 0,
          occurrenceDate: paidDate,
          creditDate,
        }),
      );
      titlesCents += title.valueCents;
      totalCents += paid;
    }
    lines.push(
      writeRecord(cnab240LotTrailer, { bankCode: bank, lot, recordCount: sequence + 2, simpleCount: lotTitles.length, simpleCents: titlesCents }),
    );
  }
  lines.push(writeRecord(cnab240FileTrailer, { bankCode: bank, lotCount: lots.length, recordCount: lines.length + 1 }));
  return { text: writeFile(lines, options.terminator), lines, records, recordCount: lines.length, totalCents };
}
