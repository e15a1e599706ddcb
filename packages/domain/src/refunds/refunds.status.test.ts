import { describe, expect, it } from 'vitest';
import {
  canMoveRefund,
  refundActorOf,
  refundDeletable,
  refundListStatuses,
  refundMoveRefusal,
  refundNotesEnabled,
  refundStatuses,
  refundStatusOptions,
  refundStatusSelectorShown,
  type RefundActor,
  type RefundStatus,
} from './refunds.status.js';

/** Every allowed move, written out once more by hand: any other pair must be refused. */
const allowed: Record<RefundActor, string[]> = {
  approver: ['new→1', 'new→2', '1→1', '1→2', '1→4', '2→2', '2→3'],
  requester: ['new→1', '1→1', '1→4'],
};
const froms: (RefundStatus | null)[] = [null, ...refundStatuses];

describe('refund transitions (spec 2 §4)', () => {
  for (const who of ['approver', 'requester'] as const)
    for (const from of froms)
      for (const to of refundStatuses) {
        const pair = `${from ?? 'new'}→${to}`;
        const expected = allowed[who].includes(pair);
        it(`${who} ${pair}: ${expected ? 'allowed' : 'refused'}`, () => {
          expect(canMoveRefund(who, from, to)).toBe(expected);
          const refusal = refundMoveRefusal(who, from, to);
          if (expected) expect(refusal).toBeNull();
          // A requester's refusal is a 403 when the approver could make the move, when it sets APROVADO or FINALIZADO,
          // or when it moves an APROVADO refund; every other refusal is a 400.
          else
            expect(refusal).toBe(
              who === 'requester' && (allowed.approver.includes(pair) || to === 2 || to === 3 || from === 2) ? 'forbidden' : 'invalid',
            );
        });
      }

  it('the approver chooses 1, 2 or 4 from EM ANÁLISE (our reading) and only FINALIZADO after APROVADO', () => {
    expect(refundStatusOptions('approver', 1)).toEqual([1, 2, 4]);
    expect(refundStatusOptions('approver', 2)).toEqual([2, 3]);
    expect(refundStatusOptions('requester', 1)).toEqual([1, 4]);
    expect(refundStatusOptions('requester', null)).toEqual([1]);
  });

  it('sending APROVADO without v2devapr is forbidden (403), not merely invalid', () => {
    expect(refundMoveRefusal('requester', 1, 2)).toBe('forbidden');
    expect(refundMoveRefusal('requester', null, 2)).toBe('forbidden');
    expect(refundMoveRefusal('requester', 2, 3)).toBe('forbidden');
    expect(refundMoveRefusal('requester', 1, 3)).toBe('forbidden');
    expect(refundMoveRefusal('requester', 2, 4)).toBe('forbidden');
    expect(refundMoveRefusal('requester', 3, 4)).toBe('invalid');
    expect(refundMoveRefusal('approver', 1, 3)).toBe('invalid');
    expect(refundMoveRefusal('approver', 3, 3)).toBe('invalid');
  });

  it('the selector shows while the status is 2 or lower, notes disabled from 3, delete only before FINALIZADO', () => {
    expect([null, 1, 2, 3, 4].map((s) => refundStatusSelectorShown(s as RefundStatus | null))).toEqual([true, true, true, false, false]);
    expect([null, 1, 2, 3, 4].map((s) => refundNotesEnabled(s as RefundStatus | null))).toEqual([true, true, true, false, false]);
    expect(refundStatuses.map(refundDeletable)).toEqual([true, true, false, true]);
  });

  it('the reduced list (without APROVADOS) is for users without v2devapr', () => {
    expect(refundActorOf(['v2dev'])).toBe('requester');
    expect(refundActorOf(['v2dev', 'v2devapr'])).toBe('approver');
    expect(refundListStatuses('requester')).toEqual([1, 3, 4]);
    expect(refundListStatuses('approver')).toEqual([1, 2, 3, 4]);
  });
});
