import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MemberRouteState, PersonSuggestion, ThirdPartyRouteState } from '../types';

/** Opens a person: a member on /associado with {cstId, parentId}, a third party on /terceiros with {terId}. */
export function useOpenPerson() {
  const navigate = useNavigate();
  return useCallback(
    (person: Pick<PersonSuggestion, 'cstId' | 'parentId' | 'isTerceiro'>) => {
      if (person.isTerceiro) {
        const state: ThirdPartyRouteState = { terId: person.cstId };
        void navigate('/terceiros', { state });
        return;
      }
      const state: MemberRouteState = { cstId: person.cstId, parentId: person.parentId ?? null };
      void navigate('/associado', { state });
    },
    [navigate],
  );
}
