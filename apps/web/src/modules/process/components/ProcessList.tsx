import { Badge, Box, Button, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatCnj, formatDate, type ProcessRow, type ProcessSearchRow } from '@assoc/domain';
import { processTexts } from '../texts';
import { Highlight } from './Highlight';
import classes from './ProcessList.module.css';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

interface ProcessListProps {
  rows: (ProcessRow | ProcessSearchRow)[];
  selectedProId: number | null;
  loading: boolean;
  hasMore: boolean;
  emptyText: string;
  onSelect: (proId: number) => void;
  onMore: () => void;
}

/**
 * A folder's processes or a search result: CNJ number, court, class, subject, parties, last movement date and
 * the unread marker; search rows add the excerpt with the matches marked. More rows load on scroll. A failed
 * load shows the empty list (spec 3 §8: no message text).
 */
export function ProcessList({ rows, selectedProId, loading, hasMore, emptyText, onSelect, onMore }: ProcessListProps) {
  const more = () => {
    if (hasMore && !loading) onMore();
  };
  return (
    <ScrollArea.Autosize mah="calc(50vh - 60px)" mih={160} onBottomReached={more} type="auto" offsetScrollbars>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label={processTexts.processes} aria-busy={loading}>
        {rows.map((row) => {
          const selected = row.proId === selectedProId;
          return (
            <li key={row.proId}>
              <UnstyledButton
                className={classes.row}
                data-selected={selected || undefined}
                data-unread={!row.lido || undefined}
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(row.proId)}
              >
                <Group justify="space-between" gap={4} wrap="wrap">
                  <Text fw={row.lido ? 500 : 700} size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {formatCnj(row.numero)}
                  </Text>
                  <Group gap={6} wrap="nowrap" ml="auto">
                    {!row.lido && (
                      <Badge size="xs" color="blue" variant="filled">
                        {processTexts.unread}
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed" title={processTexts.lastMovement}>
                      {formatDate(row.ultimoAndamento)}
                    </Text>
                  </Group>
                </Group>
                <Text size="xs">
                  {row.tribunal} · {row.classe} · {row.status}
                </Text>
                <Text size="xs" lineClamp={1}>
                  {row.assunto}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {row.partes}
                </Text>
                {'destaque' in row && row.destaque.length > 0 && (
                  <Text size="xs" className={classes.excerpt}>
                    <Highlight pieces={row.destaque} />
                  </Text>
                )}
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
      {rows.length === 0 && !loading && (
        <Text size="sm" c="dimmed" p="sm">
          {emptyText}
        </Text>
      )}
      {loading && (
        <Box p="xs">
          <BusyIndicator size="xs" label={processTexts.processes} />
        </Box>
      )}
      {hasMore && !loading && (
        <Button variant="subtle" size="xs" onClick={more} mt={4}>
          {processTexts.moreRows}
        </Button>
      )}
    </ScrollArea.Autosize>
  );
}
