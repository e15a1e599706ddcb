import type { ReactNode } from 'react';
import { Center, Stack, Text } from '@mantine/core';
import { PageTitle } from './PageTitle';

interface StatusPageProps {
  /** Big status number (403, 404); empty for none. */
  code: string;
  title: string;
  message: ReactNode;
  children?: ReactNode;
}

/** Full-width message page: access denied, page not found, server unreachable. */
export function StatusPage({ code, title, message, children }: StatusPageProps) {
  return (
    <Center mih={360} p="xl">
      <Stack align="center" gap="sm" maw={520} ta="center">
        {code && (
          <Text fz={72} fw={800} lh={1} c="gray.3" aria-hidden>
            {code}
          </Text>
        )}
        <PageTitle>{title}</PageTitle>
        <Text c="dimmed">{message}</Text>
        {children}
      </Stack>
    </Center>
  );
}
