import { describe, expect, it } from 'vitest';
import { ledgerContracts, statementParamsSchema } from './ledger.contract.js';
import { periodLabel, runningBalances } from './ledger.schema.js';

describe('ledger rules', () => {
  it('running balance: debits positive, credits negative, from the opening balance', () => {
    expect(runningBalances(1_000, [500, -200, -1_300, 12_345])).toEqual([1_500, 1_300, 0, 12_345]);
    expect(runningBalances(0, [])).toEqual([]);
  });

  it('a period as extratoDatas gives it: the open one negative, a closed one positive, both name the same fecID', () => {
    expect(statementParamsSchema.parse({ cstId: '12', fecID: '-26' })).toEqual({ cstId: 12, fecID: 26 });
    expect(statementParamsSchema.parse({ cstId: '12', fecID: '25' })).toEqual({ cstId: 12, fecID: 25 });
    expect(statementParamsSchema.safeParse({ cstId: '12', fecID: '0' }).success).toBe(false);
    expect(statementParamsSchema.safeParse({ cstId: '12', fecID: '2.5' }).success).toBe(false);
    expect(statementParamsSchema.safeParse({ cstId: '-1', fecID: '3' }).success).toBe(false);
    expect(periodLabel(2026, 3)).toBe('03/2026');
  });

  it('the calls of spec 1 §7, the state-changing GETs behind the XSRF check', () => {
    expect(Object.values(ledgerContracts).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /user/extrato/:cstId/:fecID',
      'GET /user/extratopdf/:cstId/:period',
      'GET /user/emailextrato/:cstId/:fecID',
      'GET /user/extrato/estorno/:extId',
    ]);
    expect(ledgerContracts.email.xsrf).toBe(true);
    expect(ledgerContracts.reverse.xsrf).toBe(true);
    expect(ledgerContracts.reverse.access).toEqual({ roles: ['v2extratoestorno'] });
  });
});
