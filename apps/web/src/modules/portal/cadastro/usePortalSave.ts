import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalContracts, portalMessages } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi } from '../../../app/client';
import { isStaleRecord } from '../../ui/crud/useCrudResource';
import { notifyError, notifySuccess } from '../../ui/notify';
import type { MemberForm } from '../../member/member-tab.types';
import { portalRecordKey } from '../hooks/usePortalRecord';
import { portalSaveBody } from './portalForm';

/**
 * The portal save (spec 3 §2.15, §4, §8): PUT user/portal/{cstId} with the editable fields; blocking while it runs;
 * 'Atualização realizada com sucesso' and the form read again (its new version); a 409 sets `stale` (the tab offers
 * to reload); any other failure 'Ocorreu um erro para executar a operação solicitada', a 400's field error under its
 * field.
 */
export function usePortalSave(form: MemberForm, cstId: number) {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);
  const mutation = useMutation({
    mutationFn: () => callApi(portalContracts.save, { params: { cstId }, body: portalSaveBody(form.parsed()) }),
    onSuccess: async () => {
      notifySuccess(portalMessages.saved);
      await queryClient.invalidateQueries({ queryKey: portalRecordKey(cstId) });
    },
    onError: (error) => {
      if (isStaleRecord(error)) {
        setStale(true);
        return;
      }
      const unplaced = form.setServerErrors(error);
      const detail = unplaced ?? (isApiError(error) && error.status !== 400 ? error.message : null);
      notifyError(
        detail && detail !== portalMessages.saveFailed ? detail : portalMessages.saveFailed,
        detail ? portalMessages.saveFailed : undefined,
      );
    },
  });
  const save = () => {
    if (mutation.isPending || !form.showAllErrors()) return;
    mutation.mutate();
  };
  return { save, saving: mutation.isPending, stale };
}
