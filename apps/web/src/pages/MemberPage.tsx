import { Alert, Skeleton, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { isUnauthorized } from '../app/api';
import { useRecordMemberView } from '../modules/people/hooks/useSearchHistory';
import type { MemberRouteState } from '../modules/people/types';
import { UnderConstruction, UnderConstructionText } from '../modules/ui/components/UnderConstruction';
import { PageTitle } from '../modules/ui/components/PageTitle';

function readState(state: unknown): MemberRouteState | null {
  const value = state as Partial<MemberRouteState> | null;
  if (!value || typeof value.cstId !== 'number') return null;
  return { cstId: value.cstId, parentId: typeof value.parentId === 'number' ? value.parentId : null };
}

/**
 * /associado and /novoassociado (spec 1 §2 "Member record screen"): opened with {cstId, parentId}
 * it records the view and shows the member's name; without state it is a new member. The record
 * itself lands in a later issue.
 */
export default function MemberPage() {
  const state = readState(useLocation().state);
  if (!state) return <UnderConstruction title="NOVO ASSOCIADO" />;
  return <MemberView key={state.cstId} cstId={state.cstId} />;
}

function MemberView({ cstId }: { cstId: number }) {
  const { data, isPending, error } = useRecordMemberView(cstId);

  if (isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando">
        <Skeleton h={30} w={320} />
        <Skeleton h={14} w={120} />
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack gap="sm">
        <PageTitle>Associado</PageTitle>
        {!isUnauthorized(error) && (
          <Alert color="red" variant="light" maw={560}>
            {error.message}
          </Alert>
        )}
      </Stack>
    );
  }

  const person = data.find((p) => p.cstId === cstId && !p.isTerceiro);
  return (
    <Stack gap="xs">
      <PageTitle>{person?.custName ?? 'Associado'}</PageTitle>
      <UnderConstructionText />
    </Stack>
  );
}
