import type { MemberRouteState } from '../../people/types';

/** The navigation state of /associado (spec 1 §2: {cstId, parentId}); null for a new member (no state). */
export function readMemberRouteState(state: unknown): MemberRouteState | null {
  const value = state as Partial<MemberRouteState> | null;
  if (!value || typeof value.cstId !== 'number') return null;
  return { cstId: value.cstId, parentId: typeof value.parentId === 'number' ? value.parentId : null };
}

/** What the screen opens: the holder's record and, for a dependent opened from the search, that dependent in view. */
export interface MemberTarget {
  /** The holder's cstId; -1 for a new member. */
  holderId: number;
  /** The person opened (recorded in the search history); null for a new member. */
  viewedId: number | null;
  /** The dependent to show in the Dependentes tab; null when the holder was opened. */
  dependentInView: number | null;
}

export function memberTargetOf(state: MemberRouteState | null): MemberTarget {
  if (!state || state.cstId < 0) return { holderId: -1, viewedId: null, dependentInView: null };
  if (state.parentId != null && state.parentId !== state.cstId)
    return { holderId: state.parentId, viewedId: state.cstId, dependentInView: state.cstId };
  return { holderId: state.cstId, viewedId: state.cstId, dependentInView: null };
}
