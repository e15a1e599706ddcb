import { useLocation } from 'react-router';
import { MemberScreen } from '../modules/member/components/MemberScreen';
import { memberTargetOf, readMemberRouteState } from '../modules/member/utils/routeState';

/**
 * /associado and /novoassociado (spec 1 §2 "Member record screen"): opened with {cstId, parentId} it shows
 * that member (a dependent opens its holder's record with the dependent in view); without state it is an
 * empty new member (cstId -1, "NOVO ASSOCIADO").
 */
export default function MemberPage() {
  const state = readMemberRouteState(useLocation().state);
  const target = memberTargetOf(state);
  return <MemberScreen key={`${target.holderId}:${target.viewedId ?? ''}`} target={target} />;
}
