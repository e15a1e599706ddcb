import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  cchStatusInfo,
  cchStatusLabel,
  cchStatusOptions,
  cchStatusPanels,
  cchStatuses,
  cchTransitions,
  CCH_LIST_DEFAULT_STATUS,
  type CchChangeKind,
  type CchStatus,
} from './cch.status.js';

/** Every move allowed, written out by hand (the table in cch.status.ts must say exactly this). */
const allowed = new Set([
  'edit 1→1',
  'edit 1→2',
  'edit 2→2',
  'edit 2→1',
  'edit 2→3',
  'edit 2→4',
  'edit 3→3',
  'edit 3→2',
  'edit 3→5',
  'edit 4→4',
  'edit 5→5',
  'cancel 5→6',
]);

const pairs: [CchStatus, CchStatus, CchChangeKind][] = [];
for (const from of cchStatuses) for (const to of cchStatuses) for (const how of ['edit', 'cancel'] as const) pairs.push([from, to, how]);

describe('CCH workflow: every pair of statuses, by edit and by cancel', () => {
  it('covers the 72 moves', () => expect(pairs).toHaveLength(72));

  it.each(pairs)('%i → %i by %s', (from, to, how) => {
    expect(canChangeStatus(from, to, how)).toBe(allowed.has(`${how} ${from}→${to}`));
  });

  it('locks 4, 5 and 6: no save moves them elsewhere, and 6 takes no save at all', () => {
    for (const from of [4, 5, 6] as const) expect(cchTransitions[from].edit.filter((to) => to !== from)).toEqual([]);
    expect(cchTransitions[6].edit).toEqual([]);
    for (const from of [4, 5, 6] as const) expect(cchStatusPanels[from].statusLocked).toBe(true);
    for (const from of [1, 2, 3] as const) expect(cchStatusPanels[from].statusLocked).toBe(false);
  });

  it('cancels only a PAGO, only into CANCELADO', () => {
    const cancels = pairs.filter(([from, to, how]) => how === 'cancel' && canChangeStatus(from, to, how));
    expect(cancels).toEqual([[5, 6, 'cancel']]);
  });

  it('offers the modal the statuses of the table, a new request PENDENTE or EM ANÁLISE', () => {
    expect(cchStatusOptions(null)).toEqual([1, 2]);
    expect(cchStatusOptions(2)).toEqual([2, 1, 3, 4]);
    expect(cchStatusOptions(5)).toEqual([5]);
    expect(cchStatusOptions(6)).toEqual([]);
  });
});

describe('CCH statuses as the modal and the list read them', () => {
  it('labels the six statuses as spec 2 §4 writes them, each with a colour', () => {
    expect(cchStatuses.map(cchStatusLabel)).toEqual(['PENDENTE', 'EM ANÁLISE', 'DEFERIDO', 'INDEFERIDO', 'PAGO', 'CANCELADO']);
    expect(new Set(cchStatuses.map((s) => cchStatusInfo[s].color)).size).toBe(6);
    expect(cchStatusLabel(7)).toBe('');
    expect(CCH_LIST_DEFAULT_STATUS).toBe(2);
  });

  it.each([
    [1, { payment: false, deliberation: false, observationsEnabled: true, addPages: true }],
    [2, { payment: false, deliberation: false, observationsEnabled: true, addPages: false }],
    [3, { payment: false, deliberation: false, observationsEnabled: true, addPages: false }],
    [4, { payment: false, deliberation: true, observationsEnabled: true, addPages: false }],
    [5, { payment: true, deliberation: false, observationsEnabled: true, addPages: false }],
    [6, { payment: true, deliberation: false, observationsEnabled: false, addPages: false }],
  ] as const)('status %i shows its panels (spec 2 §2.2)', (status, panels) => {
    expect(cchStatusPanels[status]).toMatchObject(panels);
  });
});
