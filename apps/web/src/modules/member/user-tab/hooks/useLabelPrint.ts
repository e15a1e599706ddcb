import { useCallback } from 'react';
import { memberContracts, memberMessages } from '@assoc/domain';
import { ApiError, isApiError } from '../../../../app/api';
import { callApi } from '../../../../app/client';
import { usePrintDocument } from '../../../printing';
import { notifySuccess } from '../../../ui/notify';

/**
 * Address labels (spec 1 §2, §7 `GET label/{cstId}/{kind}/{type}`): the server renders the label (documents
 * service) and it goes to the user's print choice (usePrintDocument: remembered, or 'Selecionar como imprimir').
 * 'Etiqueta enviada com sucesso!' once rendered and handed over; 'Erro para gerar etiqueta!' when it fails.
 * Render `dialogs` once.
 */
export function useLabelPrint(cstId: number) {
  const printing = usePrintDocument();
  const { print } = printing;
  const printLabel = useCallback(
    async (kind: number, type: number) => {
      let rendered = false;
      await print({
        fileName: `etiqueta-${cstId}-${kind}-${type}.pdf`,
        load: async () => {
          try {
            const blob = await callApi(memberContracts.label, { params: { a: cstId, b: kind, c: type } });
            rendered = true;
            return blob;
          } catch (error) {
            // A lost session stays silent (the session-lost dialog speaks); anything else is the spec's message.
            if (isApiError(error) && error.status === 401) throw error;
            throw new ApiError(isApiError(error) ? error.status : 0, memberMessages.labelFailed);
          }
        },
      });
      if (rendered) notifySuccess(memberMessages.labelSent);
    },
    [print, cstId],
  );
  return { printLabel, dialogs: printing.dialogs, busy: printing.busy };
}
