import { Alert, Center, Group, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { formatDateTime, memberMessages, type MemberAuditItem } from '@assoc/domain';
import { PersonAvatar } from '../../ui/components/PersonAvatar';
import { useMemberAudits } from '../hooks/useMemberAudits';
import classes from './MemberScreen.module.css';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

/** Who made a version: the user, or "Versão inicial" for a record's state before its first audited change (issue 22 #23). */
const authorOf = (item: MemberAuditItem) => (item.action === 'base' ? memberMessages.baseVersion : item.ownerName);

/**
 * Audit mode's side panel (spec 1 §2): the member's past changes from GET audits/{cstId}/users (who, when
 * DD/MM/YYYY HH:mm:ss, their thumbnail), the oldest possibly the base version; 'Sem registros' when there is none; a
 * failure shows the reply's description or message.
 */
export function AuditList({ cstId, selected, onSelect }: { cstId: number; selected: number | null; onSelect: (item: MemberAuditItem) => void }) {
  const { data, isPending, error } = useMemberAudits(cstId, true);
  return (
    <Paper component="aside" withBorder p="sm" className={classes.auditList} aria-labelledby="member-audit-title">
      <Title order={2} size="h5" id="member-audit-title" mb="xs">
        Alterações
      </Title>
      {isPending ? (
        <Center py="md">
          <BusyIndicator />
        </Center>
      ) : error ? (
        <Alert color="red" variant="light">
          {error.message}
        </Alert>
      ) : data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {memberMessages.noAudits}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto">
          <Stack gap={4} component="ul" className={classes.plainList}>
            {data.map((item) => (
              <li key={item.auditId}>
                <UnstyledButton
                  className={classes.auditItem}
                  data-selected={item.auditId === selected || undefined}
                  aria-pressed={item.auditId === selected}
                  onClick={() => onSelect(item)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <PersonAvatar name={authorOf(item)} photoKey={item.ownerPhotoKey} size={36} />
                    <div>
                      <Text size="sm" fw={500}>
                        {authorOf(item)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(item.auditTimestamp)}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
