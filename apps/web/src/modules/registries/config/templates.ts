import {
  formatDateTimeShort,
  messageTemplateSchema,
  templateContracts,
  templateLimits,
  type MessageTemplate,
  type TemplateChannel,
} from '@assoc/domain';
import type { CrudTableProps } from '../../ui/crud/CrudTable';
import { registryCalls } from '../../ui/crud/useCrudResource';

/** SMS, WhatsApp and E-mail templates (spec 3 §2.6, §5; decision 16): the same table on each channel's contracts. */
export function templateTable(channel: TemplateChannel, label: string): CrudTableProps<MessageTemplate> {
  return {
    calls: registryCalls(templateContracts[channel]),
    keyField: 'emID',
    schema: messageTemplateSchema,
    modalTitle: `Modelo de ${label}`,
    modalSize: 'lg',
    newValues: () => ({ emID: -1, emName: '', emDescription: '', emData: '' }),
    toValues: (row) => ({ emID: row.emID, version: row.version, emName: row.emName, emDescription: row.emDescription, emData: row.emData }),
    columns: [
      { accessor: 'emName', title: 'Nome', width: 180 },
      { accessor: 'emDescription', title: 'Descrição' },
      { accessor: 'emData', title: 'Mensagem' },
      { accessor: 'emUses', title: 'Usos', width: 80, textAlign: 'right', sortValue: (row) => row.emUses },
      {
        accessor: 'lastModifiedDate',
        title: 'Alterado em',
        width: 150,
        text: (row) => formatDateTimeShort(row.lastModifiedDate),
        sortValue: (row) => row.lastModifiedDate ?? '',
      },
    ],
    fields: [
      { kind: 'text', name: 'emName', label: 'Nome', maxLength: templateLimits.name, upperCase: true, required: true },
      { kind: 'text', name: 'emDescription', label: 'Descrição', maxLength: templateLimits.description, required: true },
      { kind: 'textarea', name: 'emData', label: 'Mensagem', maxLength: templateLimits.message, minRows: 2, maxRows: 4, required: true },
    ],
  };
}
