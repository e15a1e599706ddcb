import { describe, expect, it } from 'vitest';
import { genericMessages as m, dateMessages } from '../messages.js';
import { firstIssuePerPath } from '../validation.js';
import { reimbursementMessages as rm } from './messages.js';
import { canDeleteRow, claimAction, markEdited } from './reimbursement.markers.js';
import {
  marcaOticaOf,
  procedureFormSchema,
  procedureItemSchema,
  procedureReturnFormSchema,
  procedureTypeLabel,
  protocolOrNI,
  ressarcimentoItemSchema,
  returnStatusLabel,
} from './reimbursement.schema.js';

const KEY = '00000000-0000-4000-8000-000000000001';
const procedure = { procProcedimentoId: 1, procProcedimentoData: '2024-05-02', procProcedimentoValor: 15_000, procKey: KEY };
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : firstIssuePerPath(result.error!.issues).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('procedure form (spec 2 §5)', () => {
  it('type, date and value required; the document before Adicionar; notes up to 200', () => {
    expect(messagesOf(procedureFormSchema.safeParse(procedure))).toEqual([]);
    expect(messagesOf(procedureFormSchema.safeParse({}))).toEqual([
      `procProcedimentoId: ${m.required}`,
      `procProcedimentoData: ${m.required}`,
      `procProcedimentoValor: ${m.required}`,
      `procKey: ${rm.documentRequired}`,
    ]);
    expect(messagesOf(procedureFormSchema.safeParse({ ...procedure, procProcedimentoId: 7 }))).toEqual([`procProcedimentoId: ${m.oneOf}`]);
    expect(messagesOf(procedureFormSchema.safeParse({ ...procedure, procProcedimentoValor: 0 }))).toEqual([`procProcedimentoValor: ${m.numericMin}`]);
    expect(messagesOf(procedureFormSchema.safeParse({ ...procedure, procProcedimentoData: '2999-01-01' }))).toEqual([
      `procProcedimentoData: ${dateMessages.afterToday}`,
    ]);
    expect(messagesOf(procedureFormSchema.safeParse({ ...procedure, procObservacao: 'x'.repeat(201) }))).toEqual([
      `procObservacao: ${m.maxLength(200)}`,
    ]);
    expect(messagesOf(procedureFormSchema.safeParse({ ...procedure, procProtocolo: 'x'.repeat(21) }))).toEqual([`procProtocolo: ${m.maxLength(20)}`]);
    expect(procedureTypeLabel(5)).toBe('Internação');
  });

  it('the return: Pago needs date and value ≥ 0.01; other statuses carry neither; empty is Pendente', () => {
    expect(messagesOf(procedureReturnFormSchema.safeParse({ procRetornoStatus: 1 }))).toEqual([
      `procRetornoData: ${m.required}`,
      `procRetornoValor: ${m.required}`,
    ]);
    expect(messagesOf(procedureReturnFormSchema.safeParse({ procRetornoStatus: 1, procRetornoData: '2024-06-01', procRetornoValor: 0 }))).toEqual([
      `procRetornoValor: ${m.numericMin}`,
    ]);
    expect(
      procedureReturnFormSchema.parse({
        procRetornoStatus: 3,
        procRetornoData: '2024-06-01',
        procRetornoValor: 500,
        procRetornoMotivo: 'Sem cobertura',
      }),
    ).toEqual({
      procRetornoStatus: 3,
      procRetornoData: null,
      procRetornoValor: null,
      procRetornoMotivo: 'Sem cobertura',
    });
    expect(messagesOf(procedureReturnFormSchema.safeParse({ procRetornoStatus: 1, procRetornoData: '2024-06-01', procRetornoValor: 1 }))).toEqual([]);
    expect(messagesOf(procedureReturnFormSchema.safeParse({ procRetornoMotivo: 'x'.repeat(81) }))).toEqual([`procRetornoMotivo: ${m.maxLength(80)}`]);
    expect(returnStatusLabel(null)).toBe('Pendente');
    expect(returnStatusLabel(2)).toBe('Devolvido/Pendente');
    expect(messagesOf(procedureItemSchema.safeParse({ ...procedure, procRetornoStatus: 4 }))).toEqual([`procRetornoStatus: ${m.oneOf}`]);
  });
});

describe('claim row (spec 2 §3, §5)', () => {
  const claim = { resPacienteCstId: 4, resMarcaOtica: '12345678', procedimentos: [{ ...procedure, operation: 'insert' }], operation: 'insert' };
  it('patient and optical mark required; a new claim needs a procedure', () => {
    expect(messagesOf(ressarcimentoItemSchema.safeParse(claim))).toEqual([]);
    expect(messagesOf(ressarcimentoItemSchema.safeParse({ ...claim, resPacienteCstId: null, resMarcaOtica: '' }))).toEqual([
      `resPacienteCstId: ${m.required}`,
      `resMarcaOtica: ${m.required}`,
    ]);
    expect(messagesOf(ressarcimentoItemSchema.safeParse({ ...claim, resMarcaOtica: '123456789' }))).toEqual([`resMarcaOtica: ${m.maxLength(8)}`]);
    expect(messagesOf(ressarcimentoItemSchema.safeParse({ ...claim, resProtocoloAssoc: 'x'.repeat(13) }))).toEqual([
      `resProtocoloAssoc: ${m.maxLength(12)}`,
    ]);
    expect(messagesOf(ressarcimentoItemSchema.safeParse({ ...claim, procedimentos: [] }))).toEqual([`procedimentos: ${rm.procedureRequired}`]);
    expect(messagesOf(ressarcimentoItemSchema.safeParse({ ...claim, procedimentos: [{ ...procedure, procKey: 'x' }] }))).toEqual([
      `procedimentos.0.procKey: ${rm.documentUnknown}`,
    ]);
  });

  it('the optical mark comes from the card; an empty protocol shows N/I', () => {
    expect(marcaOticaOf('123456789')).toBe('12345678');
    expect(marcaOticaOf(null)).toBe('');
    expect(protocolOrNI('')).toBe('N/I');
    expect(protocolOrNI(null)).toBe('N/I');
    expect(protocolOrNI('A-1')).toBe('A-1');
  });
});

describe('operation markers (spec 2 §4)', () => {
  it('insert then edit stays insert; an edit of a saved row is an update', () => {
    expect(markEdited('insert')).toBe('insert');
    expect(markEdited('none')).toBe('update');
    expect(markEdited('update')).toBe('update');
    expect(markEdited(undefined)).toBe('update');
  });
  it('delete only of an unsaved insert; a delete of a saved claim is refused by the save', () => {
    expect(canDeleteRow({ operation: 'insert' })).toBe(true);
    expect(canDeleteRow({ operation: 'none' })).toBe(false);
    expect(canDeleteRow({ operation: 'update' })).toBe(false);
    expect(claimAction({ operation: 'insert' })).toBe('insert');
    expect(claimAction({ operation: 'update', resId: 4 })).toBe('update');
    expect(claimAction({ operation: 'update', resId: -1 })).toBe('unknown');
    expect(claimAction({ operation: 'delete', resId: -1 })).toBe('skip');
    expect(claimAction({ operation: 'delete', resId: 4 })).toBe('deleteSaved');
    expect(claimAction({ operation: 'none', resId: 4 })).toBe('skip');
  });
});
