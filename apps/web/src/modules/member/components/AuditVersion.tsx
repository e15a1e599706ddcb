import { useMemo } from 'react';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatDateTime, memberMessages, type MemberAuditItem, type MemberRecord } from '@assoc/domain';
import { useAppForm } from '../../ui/form';
import { useMemberAudit } from '../hooks/useMemberAudits';
import { useMemberAccess } from '../hooks/useMemberAccess';
import type { MemberFormValues } from '../member-tab.types';
import { memberFormSchema } from '../utils/memberForm';
import { MemberTabs } from './MemberTabs';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

export const AUDIT_PLACEHOLDER = 'Selecione uma das atividades à esquerda para ver os dados desta versão.';
export const RESTORE_LABEL = 'Restaurar esta versão';

/**
 * One past version (GET audits/{id}) shown read only in the tabs, its changed fields (fieldDiffs) highlighted;
 * with the save roles, "Restaurar esta versão" (beyond the spec) hands it to the member form.
 */
export function AuditVersion({
  item,
  canRestore,
  onRestore,
}: {
  item: MemberAuditItem | null;
  canRestore: boolean;
  onRestore: (version: MemberRecord) => void;
}) {
  const { data, isPending, error } = useMemberAudit(item?.auditId ?? null);
  if (!item) return <Text c="dimmed">{AUDIT_PLACEHOLDER}</Text>;
  if (isPending) {
    return (
      <Center py="xl">
        <BusyIndicator />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light">
        {error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {item.action === 'base'
            ? memberMessages.baseVersionOf(formatDateTime(item.auditTimestamp))
            : `Versão de ${formatDateTime(item.auditTimestamp)} por ${item.ownerName}`}
        </Text>
        {canRestore ? (
          <Button variant="light" leftSection={<IconHistory size={16} aria-hidden />} onClick={() => onRestore(data)}>
            {RESTORE_LABEL}
          </Button>
        ) : null}
      </Group>
      <AuditForm key={item.auditId} record={data} />
    </Stack>
  );
}

/** The version in a form of its own (never saved), so the panels render it as they render the member. */
function AuditForm({ record }: { record: MemberRecord }) {
  const form = useAppForm(memberFormSchema, record as MemberFormValues);
  const { canView, canEdit } = useMemberAccess(true);
  const diffs = useMemo(() => new Set(record.fieldDiffs ?? []), [record.fieldDiffs]);
  return <MemberTabs panel={{ form, mode: 'audit', cstId: record.cstId, dependentInView: null, canView, canEdit, readOnly: true, diffs }} />;
}
