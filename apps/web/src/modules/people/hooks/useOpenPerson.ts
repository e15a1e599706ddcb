import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { preloadScreen } from '../../../app/screens';
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
      // The screen's chunk, the record and the first tab start loading now, together (issue 12: 500 ms).
      preloadScreen('/associado');
      void import('../../member/prefetch').then((m) => m.prefetchMemberScreen(state)).catch(() => undefined);
      void navigate('/associado', { state });
    },
    [navigate],
  );
}
