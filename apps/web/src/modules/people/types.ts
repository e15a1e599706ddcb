/**
 * A person as POST search, GET searchhistory and GET aniversarios return it (spec 1 §3 "Person
 * suggestion"). Mirrors personSuggestionSchema of the API's search module until packages/domain
 * publishes it; then this file should re-export the domain type.
 */
export interface PersonSuggestion {
  /** Member id; for a third party (isTerceiro) the third party's terId. */
  cstId: number;
  /** The holder's cstId for a dependent; null for a holder. */
  parentId: number | null;
  custName: string;
  /** 7 characters, shown as 000000-0. */
  custNumeroInterno: string;
  /** Digits only. */
  custCPF: string;
  /** ISO date or null. */
  custAniversario: string | null;
  /** ISO date; '1900-01-01' means none. */
  custFalecimento: string;
  custAge: number | null;
  /** 1 active, 2 retired, 5 deceased; null for dependents and third parties. */
  custSituacao: number | null;
  /** Status letter; M, N, H and J are magistrates. */
  custPerfil: string;
  custPhotoKey: string | null;
  socio: 'S' | 'N';
  /** The holder's name for a dependent, '' otherwise. */
  titular: string;
  isTerceiro: boolean;
  /** Mobile, formatted; '' when none. */
  custCelular: string;
  /** Residential phones, formatted. */
  custPhones: string[];
}

export interface ViewedPerson extends PersonSuggestion {
  viewedAt: string;
}

/** Navigation state of /associado (spec 1 §2: cstId and parentId). */
export interface MemberRouteState {
  cstId: number;
  parentId: number | null;
}

/** Navigation state of /terceiros when a third party is opened from the search. */
export interface ThirdPartyRouteState {
  terId: number;
}
