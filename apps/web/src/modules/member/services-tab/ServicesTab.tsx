import type { MemberTabProps } from '../member-tab.types';
import { Text } from '@mantine/core';
import { ServicesPanel } from './ServicesPanel';

/** The Serviços tab [3] of the member record (spec 1 §2, §6): the holder's services. */
export default function ServicesTab({ form, mode, canView, canEdit, readOnly, diffs }: MemberTabProps) {
  if (!canView('services'))
    return (
      <Text size="sm" c="dimmed">
        Sem permissão para ver os serviços.
      </Text>
    );
  return (
    <ServicesPanel
      form={form}
      basePath="usuarioServicos"
      owner={{ isDependent: false, birthdate: (form.values.custBirthdate as string | null | undefined) ?? null }}
      canEdit={canEdit('services') && mode !== 'audit'}
      readOnly={readOnly}
      diffs={diffs}
    />
  );
}
