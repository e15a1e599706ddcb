import { useState } from 'react';
import { Text } from '@mantine/core';
import { memberServiceItemSchema, servicePluginLabels, type ServicePlugin } from '@assoc/domain';
import { FormModal } from '../../ui/crud/FormModal';
import { useAppForm } from '../../ui/form';
import { ServiceFields } from './ServiceFields';
import type { ServiceRow } from './serviceRows';

/**
 * The edit modal of a service row (spec 1 §2 "edit modals per plugin type"): the plugin's fields and rules;
 * Ok puts the row back in the member's form marked update (insert stays insert). Nothing is saved until the
 * member is.
 */
export function ServiceEditModal({ row, onSave, onClose }: { row: ServiceRow; onSave: (row: ServiceRow) => void; onClose: () => void }) {
  const inserting = row.operation === 'insert';
  const [start] = useState<ServiceRow>(() => ({ ...row, operation: inserting ? 'insert' : 'update' }));
  const form = useAppForm(memberServiceItemSchema, start);
  const plugin = row.svcEditPlugin as ServicePlugin | null | undefined;
  return (
    <FormModal
      opened
      size="lg"
      title={plugin ? `${row.svcName ?? 'Serviço'} - ${servicePluginLabels[plugin] ?? ''}` : (row.svcName ?? 'Serviço')}
      valid={form.valid}
      changed={form.changed}
      onClose={onClose}
      onSave={() => {
        if (!form.showAllErrors()) return;
        onSave(form.values);
        onClose();
      }}
    >
      {row.sucName ? (
        <Text size="sm" c="dimmed" mb="xs">
          {row.sucName}
        </Text>
      ) : null}
      <ServiceFields form={form} inserting={inserting} />
    </FormModal>
  );
}
