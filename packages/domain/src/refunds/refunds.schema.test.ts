import { describe, expect, it } from 'vitest';
import { genericMessages as m } from '../messages.js';
import { refundMessages } from './messages.js';
import { refundSchema } from './refunds.schema.js';

const valid = {
  cstId: 10,
  titId: 9,
  custName: 'Maria da Silva',
  titNome: 'João da Silva',
  custCpf: '529.982.247-25',
  devStatus: 1,
  devTipo: 1,
  devValor: 12_345,
  supId: 1,
  sucId: 2,
  svcId: 3,
  observacoes: '',
};
const issues = (values: Record<string, unknown>, context = {}) => {
  const result = refundSchema(context).safeParse({ ...valid, ...values });
  // Each field's first message (what the form shows).
  const out: Record<string, string> = {};
  for (const i of result.success ? [] : result.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('refund form rules (spec 2 §5)', () => {
  it('accepts a valid refund and keeps the CPF digits', () => {
    const parsed = refundSchema().parse(valid);
    expect(parsed.custCpf).toBe('52998224725');
  });

  it('amount from R$ 0,01 to R$ 30.000,00', () => {
    expect(issues({ devValor: 1 })).toEqual({});
    expect(issues({ devValor: 3_000_000 })).toEqual({});
    expect(issues({ devValor: 0 })).toEqual({ devValor: m.numericMin });
    expect(issues({ devValor: 3_000_001 })).toEqual({ devValor: m.numericMax });
    expect(issues({ devValor: null })).toEqual({ devValor: m.required });
  });

  it('names required with at least 4 characters, ids required, a valid CPF', () => {
    expect(issues({ custName: '' })).toEqual({ custName: m.required });
    expect(issues({ titNome: 'Ana' })).toEqual({ titNome: m.minLength(4) });
    expect(issues({ cstId: 0, titId: null })).toEqual({ cstId: m.required, titId: m.required });
    expect(issues({ custCpf: '' })).toEqual({ custCpf: m.required });
    expect(issues({ custCpf: '111.111.111-12' })).toEqual({ custCpf: m.cpf });
  });

  it('supplier, product and service required; notes up to 1,024', () => {
    expect(issues({ supId: null, sucId: null, svcId: null })).toEqual({ supId: m.required, sucId: m.required, svcId: m.required });
    expect(issues({ observacoes: 'x'.repeat(1024) })).toEqual({});
    expect(issues({ observacoes: 'x'.repeat(1025) })).toEqual({ observacoes: m.maxLength(1024) });
  });

  it('type 1 or 2, status 1 to 4', () => {
    expect(issues({ devTipo: 3 })).toEqual({ devTipo: m.oneOf });
    expect(issues({ devStatus: 5 })).toEqual({ devStatus: m.oneOf });
  });

  it('the status move by who saves', () => {
    expect(issues({ devStatus: 2 }, { actor: 'requester', previousStatus: 1 })).toEqual({ devStatus: refundMessages.approverOnly });
    expect(issues({ devStatus: 2 }, { actor: 'approver', previousStatus: 1 })).toEqual({});
    expect(issues({ devStatus: 3 }, { actor: 'approver', previousStatus: 1 })).toEqual({
      devStatus: refundMessages.statusChangeRefused('EM ANÁLISE', 'FINALIZADO'),
    });
    expect(issues({ devStatus: 4 }, { actor: 'approver', previousStatus: null })).toEqual({ devStatus: refundMessages.newStatusInvalid });
    expect(issues({ devStatus: 3 }, { actor: 'approver', previousStatus: 3 })).toEqual({ devStatus: refundMessages.finalLocked });
  });
});
