import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberMailContracts } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { notifyError, notifySuccess } from '../../ui/notify';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The E-Mail tab's data: the member's messages, the templates, and the resend / compose writes. */
export function useMemberMail(cstId: number) {
  const client = useQueryClient();
  const input = { params: { cstId } };
  const listKey = queryKeyOf(memberMailContracts.list, input);
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => callApi(memberMailContracts.list, input, { signal }),
    enabled: cstId > 0,
  });
  const refresh = () => client.invalidateQueries({ queryKey: listKey });
  const resend = useMutation({
    mutationFn: (id: number) => callApi(memberMailContracts.resend, { params: { cstId, id } }),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      return refresh();
    },
    onError: (error) => notifyError(errorText(error)),
  });
  const compose = useMutation({
    mutationFn: (emID: number) => callApi(memberMailContracts.compose, { params: { cstId }, body: { emID } }),
    onSuccess: (reply) => {
      notifySuccess(reply.message);
      return refresh();
    },
  });
  return { list, resend, compose };
}

export function useMailTemplates(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(memberMailContracts.templates),
    queryFn: ({ signal }) => callApi(memberMailContracts.templates, {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useMailDetail(cstId: number, id: number | null) {
  const input = { params: { cstId, id: id ?? 0 } };
  return useQuery({
    queryKey: queryKeyOf(memberMailContracts.get, input),
    queryFn: ({ signal }) => callApi(memberMailContracts.get, input, { signal }),
    enabled: id !== null,
  });
}
