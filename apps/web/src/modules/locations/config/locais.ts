import { formatPhone, localContracts, localSchema, type Local } from '@assoc/domain';
import { queryKeyOf } from '../../../app/client';
import type { CrudTableProps } from '../../ui/crud/CrudTable';
import type { CrudCalls } from '../../ui/crud/useCrudResource';
import type { FormValues } from '../../ui/form';

const text = (value: string | null | undefined) => value ?? '';

/** '(11) 2171-6010 r. 200': the phone as the spec formats it, with the extension when there is one. */
export function localPhoneText(ddd: string | null, number: string | null, extension?: string | null): string {
  const phone = formatPhone(ddd, number);
  return phone && extension ? `${phone} r. ${extension}` : phone;
}

/** The list's params: the refresh counter is the spec's cache-buster; the query cache is ours. */
const localsListParams = (apfId: number) => ({ apfId, refreshCounter: 0 });

/** The query key of a forum's locals (the list CrudTable shows). */
export const localsListKey = (apfId: number) => queryKeyOf(localContracts.list, { params: localsListParams(apfId) });

/** The calls of a forum's locals table. */
function localsCalls(apfId: number): CrudCalls {
  return {
    list: { contract: localContracts.list, params: localsListParams(apfId) },
    add: { contract: localContracts.add, params: { apfId } },
    // The key locId goes in the body.
    update: () => ({ contract: localContracts.update }),
    remove: (locId) => ({ contract: localContracts.remove, params: { locId } }),
  };
}

/** Form values of a local: empty texts as ''; the coordinators' names are shown, not edited. */
export function localValues(row: Local): FormValues {
  return {
    locId: row.locId,
    version: row.version,
    locNome: row.locNome,
    predioNome: row.predioNome,
    locPhone1Ddd: text(row.locPhone1Ddd),
    locPhone1: text(row.locPhone1),
    locPhone1Ext: text(row.locPhone1Ext),
    locPhone2Ddd: text(row.locPhone2Ddd),
    locPhone2: text(row.locPhone2),
    locPhone2Ext: text(row.locPhone2Ext),
    locFaxDdd: text(row.locFaxDdd),
    locFax: text(row.locFax),
  };
}

/**
 * Locals of one forum (spec 3 §2.12, §7): GET local/id/{apfId}/{refreshCounter}, POST local/{apfId},
 * PUT local (key locId in the body), DELETE local/{locId}. The form is {@link LocalForm}.
 */
export function locaisTable(apfId: number): Omit<CrudTableProps<Local>, 'renderForm'> {
  return {
    calls: localsCalls(apfId),
    keyField: 'locId',
    schema: localSchema,
    modalTitle: 'Local',
    modalSize: 'lg',
    newValues: () => ({
      locId: 0,
      locNome: '',
      predioNome: '',
      locPhone1Ddd: '',
      locPhone1: '',
      locPhone1Ext: '',
      locPhone2Ddd: '',
      locPhone2: '',
      locPhone2Ext: '',
      locFaxDdd: '',
      locFax: '',
    }),
    toValues: localValues,
    columns: [
      { accessor: 'locNome', title: 'Local' },
      { accessor: 'locPhone1', title: 'Telefone', width: 180, text: (row) => localPhoneText(row.locPhone1Ddd, row.locPhone1, row.locPhone1Ext) },
      { accessor: 'titularName', title: 'Coordenador titular', text: (row) => text(row.titularName) },
      { accessor: 'adjuntoName', title: 'Coordenador adjunto', text: (row) => text(row.adjuntoName) },
    ],
  };
}
