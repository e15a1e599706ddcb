import type { ReactNode } from 'react';
import { Box, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { isUnauthorized } from '../../../app/api';
import { PersonSummary } from '../../people/components/PersonSummary';
import { useOpenPerson } from '../../people/hooks/useOpenPerson';
import { useAfterFirstPaint } from '../../ui/hooks/useAfterFirstPaint';
import type { PersonSuggestion } from '../../people/types';
import classes from './PersonListPanel.module.css';

interface PersonListPanelProps {
  title: string;
  icon: ReactNode;
  people: readonly PersonSuggestion[] | undefined;
  loading: boolean;
  error: Error | null;
  emptyText: string;
}

const personKey = (p: PersonSuggestion) => `${p.isTerceiro ? 't' : 'm'}-${p.cstId}`;

/** More rows than the panel's height shows (about eight): the rest render after the first paint. */
const FIRST_ROWS = 12;

/**
 * The list: the rows the panel shows at first, then, once they are painted, every other one. A day's birthdays at
 * 60,000 people are about 170 rows; rendering them all held the Painel's first render back (issue 30).
 */
function PersonRows({ people, onOpen }: { people: readonly PersonSuggestion[]; onOpen: (person: PersonSuggestion) => void }) {
  const rest = useAfterFirstPaint();
  const shown = rest ? people : people.slice(0, FIRST_ROWS);
  return (
    <ul className={classes.list}>
      {shown.map((person) => (
        <li key={personKey(person)}>
          <UnstyledButton className={classes.row} onClick={() => onOpen(person)}>
            <PersonSummary person={person} withTitular />
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}

/** A dashboard panel listing people (spec 3 §2.2); each row opens the person. */
export function PersonListPanel({ title, icon, people, loading, error, emptyText }: PersonListPanelProps) {
  const openPerson = useOpenPerson();
  const headingId = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <Paper withBorder radius="md" p={0} component="section" aria-labelledby={headingId} className={classes.panel}>
      <Group gap="xs" px="md" py="sm" className={classes.header}>
        {icon}
        <Title order={2} size="h5" id={headingId}>
          {title}
        </Title>
      </Group>
      <Box mah={520} style={{ overflowY: 'auto' }}>
        {loading && (
          <Stack gap={0} role="status" aria-busy="true" aria-label="Carregando">
            {Array.from({ length: 4 }, (_, i) => (
              <Group key={i} gap="sm" px="md" py="sm" wrap="nowrap">
                <Skeleton circle h={42} w={42} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={12} w="60%" />
                  <Skeleton h={10} w="85%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
        {!loading && error && !isUnauthorized(error) && (
          <Text c="var(--mantine-color-error)" size="sm" px="md" py="lg">
            {error.message}
          </Text>
        )}
        {!loading && !error && people && people.length === 0 && (
          <Text c="dimmed" size="sm" px="md" py="lg" ta="center">
            {emptyText}
          </Text>
        )}
        {!loading && people && people.length > 0 && <PersonRows people={people} onOpen={openPerson} />}
      </Box>
    </Paper>
  );
}
