import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { emptyMember } from '@assoc/domain';
import { isUnauthorized } from '../../../app/api';
import { PageTitle } from '../../ui/components/PageTitle';
import { useRecordMemberView } from '../../people/hooks/useSearchHistory';
import { useMemberRecord } from '../hooks/useMemberRecord';
import { preloadFirstMemberTab } from '../member-tab-panels';
import type { MemberFormValues } from '../member-tab.types';
import type { MemberTarget } from '../utils/routeState';
import { MemberEditor } from './MemberEditor';

/**
 * /associado and /novoassociado (spec 1 §2, §7): GET user/{cstId} of the holder together with
 * GET searchhistory/{cstId} (records the view), then the editor; no member → an empty new member (cstId -1).
 */
export function MemberScreen({ target }: { target: MemberTarget }) {
  useEffect(preloadFirstMemberTab, []);
  if (target.holderId < 0) return <NewMember />;
  return (
    <>
      {target.viewedId !== null ? <RecordView cstId={target.viewedId} /> : null}
      <LoadedMember cstId={target.holderId} dependentInView={target.dependentInView} />
    </>
  );
}

function NewMember() {
  const initial = useMemo(() => emptyMember() as MemberFormValues, []);
  return <MemberEditor record={null} initialValues={initial} dependentInView={null} onReload={() => Promise.resolve()} />;
}

/** GET searchhistory/{cstId}: records that the user opened this person (the dashboard's history follows). */
function RecordView({ cstId }: { cstId: number }) {
  useRecordMemberView(cstId);
  return null;
}

function LoadedMember({ cstId, dependentInView }: { cstId: number; dependentInView: number | null }) {
  const { data, isPending, error, refetch } = useMemberRecord(cstId);
  // Each reload starts the form over from the stored member.
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(async () => {
    await refetch();
    setGeneration((n) => n + 1);
  }, [refetch]);

  if (isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando">
        <Skeleton h={30} w={320} />
        <Skeleton h={36} />
        <Skeleton h={240} />
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
  return <MemberEditor key={generation} record={data} initialValues={data as MemberFormValues} dependentInView={dependentInView} onReload={reload} />;
}
