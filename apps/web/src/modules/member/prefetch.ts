import { memberContracts, type MemberRecord } from '@assoc/domain';
import { callApi } from '../../app/client';
import type { MemberRouteState } from '../people/types';
import { preloadFirstMemberTab } from './member-tab-panels';
import { memberTargetOf } from './utils/routeState';

/** A prefetched GET user/{cstId} is used only by the screen opened right after it (decision 5: the stored member). */
const FRESH_MS = 5_000;
const pending = new Map<number, { at: number; reply: Promise<MemberRecord> }>();

/**
 * Called when a person is opened (the click on a search suggestion), before the navigation renders: starts
 * GET user/{cstId} of the holder and the Usuário tab's chunk at once, instead of after the screen's chunk has
 * loaded and rendered (the screen bench saw the record requested ~200 ms after the click).
 */
export function prefetchMemberScreen(state: MemberRouteState) {
  const { holderId } = memberTargetOf(state);
  if (holderId < 0) return;
  const reply = callApi(memberContracts.get, { params: { cstId: holderId } });
  reply.catch(() => undefined); // the screen's own query reports a failure
  pending.set(holderId, { at: Date.now(), reply });
  preloadFirstMemberTab();
}

/** The reply prefetched for this member by the click that opened the screen, taken once; undefined otherwise. */
export function takePrefetchedMember(cstId: number): Promise<MemberRecord> | undefined {
  const entry = pending.get(cstId);
  pending.delete(cstId);
  return entry && Date.now() - entry.at < FRESH_MS ? entry.reply : undefined;
}
