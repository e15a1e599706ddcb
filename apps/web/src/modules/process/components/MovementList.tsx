import { Button, ScrollArea, Stack, Text, Timeline } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { formatDate, type Movement } from '@assoc/domain';
import { processTexts } from '../texts';
import { BusyIndicator } from '../../ui/components/BusyIndicator';

interface MovementListProps {
  movements: Movement[];
  loading: boolean;
  onDocument: (movement: Movement) => void;
}

/** The selected process's movements (andamentos), newest first, with their text and attached document. */
export function MovementList({ movements, loading, onDocument }: MovementListProps) {
  if (loading && movements.length === 0) return <BusyIndicator size="xs" label={processTexts.movements} m="xs" />;
  if (movements.length === 0)
    return (
      <Text size="sm" c="dimmed" p="xs">
        {processTexts.noMovements}
      </Text>
    );
  return (
    // The scrolling box takes the focus, so the arrows scroll it when no movement has a document button.
    <ScrollArea.Autosize
      mah="calc(50vh - 80px)"
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': processTexts.movementsList }}
    >
      <Timeline bulletSize={12} lineWidth={2} pl={4} pt={4} aria-label={processTexts.movements}>
        {movements.map((movement) => (
          <Timeline.Item key={movement.andId} title={formatDate(movement.data)}>
            <Stack gap={2}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {movement.texto}
              </Text>
              {movement.documento && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconPaperclip size={14} aria-hidden />}
                  onClick={() => onDocument(movement)}
                  style={{ alignSelf: 'flex-start' }}
                  aria-label={`${processTexts.document} ${movement.documento}`}
                >
                  {movement.documento}
                </Button>
              )}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </ScrollArea.Autosize>
  );
}
