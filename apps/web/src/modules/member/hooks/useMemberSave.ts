import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { memberContracts, memberMessages, type MemberInput } from '@assoc/domain';
import { isApiError } from '../../../app/api';
import { callApi } from '../../../app/client';
import { notifyError, notifySuccess } from '../../ui/notify';
import { isStaleRecord } from '../../ui/crud/useCrudResource';
import { searchHistoryKey } from '../../people/hooks/useSearchHistory';
import type { MemberForm } from '../member-tab.types';
import { buildMemberBody } from '../utils/memberBody';

/**
 * The member save (spec 1 §4 and §7): POST user/-1 for a new member, PUT user/{cstId} otherwise, with the
 * body of buildMemberBody. Success: the spec's toast, the search history refreshed after an insert, back to /.
 * A 409 (decision 5) sets `stale` (the screen offers to reload); a 403 shows the server's message; any other
 * failure shows 'Ocorreu um erro para executar a operação solicitada' with the server's message, and a 400's
 * field errors under their fields.
 */
export function useMemberSave(form: MemberForm, cstId: number) {
  const insert = cstId < 0;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stale, setStale] = useState(false);

  const mutation = useMutation({
    mutationFn: () => {
      const body = buildMemberBody(form.parsed()) as MemberInput;
      return insert ? callApi(memberContracts.insert, { params: { cstId: -1 }, body }) : callApi(memberContracts.update, { params: { cstId }, body });
    },
    onSuccess: async () => {
      notifySuccess(insert ? memberMessages.inserted : memberMessages.updated);
      if (insert) await queryClient.invalidateQueries({ queryKey: searchHistoryKey });
      void navigate('/');
    },
    onError: (error) => {
      if (isStaleRecord(error)) {
        setStale(true);
        return;
      }
      if (isApiError(error) && error.status === 403) {
        notifyError(error.message);
        return;
      }
      const unplaced = form.setServerErrors(error);
      const detail = unplaced ?? (isApiError(error) && error.status !== 400 ? error.message : null);
      notifyError(
        detail && detail !== memberMessages.saveFailed ? detail : memberMessages.saveFailed,
        detail ? memberMessages.saveFailed : undefined,
      );
    },
  });

  const save = () => {
    if (mutation.isPending || !form.showAllErrors()) return;
    mutation.mutate();
  };

  return { save, saving: mutation.isPending, stale, clearStale: () => setStale(false) };
}
