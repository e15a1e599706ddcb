import type { ReactNode } from 'react';
import { Box, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { isUnauthorized } from '../../../app/api';
import { PersonSummary } from '../../people/components/PersonSummary';
import { useOpenPerson } from '../../people/hooks/useOpenPerson';
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
        {!loading && people && people.length > 0 && (
          <ul className={classes.list}>
            {people.map((person) => (
              <li key={personKey(person)}>
                <UnstyledButton className={classes.row} onClick={() => openPerson(person)}>
                  <PersonSummary person={person} withTitular />
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </Box>
    </Paper>
  );
}
