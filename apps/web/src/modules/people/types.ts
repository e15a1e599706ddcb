import type { PersonSuggestion, SearchHistoryItem } from '@assoc/domain';

/** A person as POST search, GET searchhistory and GET aniversarios return it: the domain's schema. */
export type { PersonSuggestion };
export type ViewedPerson = SearchHistoryItem;

/** Navigation state of /associado (spec 1 §2: cstId and parentId). */
export interface MemberRouteState {
  cstId: number;
  parentId: number | null;
}

/** Navigation state of /terceiros when a third party is opened from the search. */
export interface ThirdPartyRouteState {
  terId: number;
}
