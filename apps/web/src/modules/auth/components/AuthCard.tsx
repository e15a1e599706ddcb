import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface AuthCardProps {
  icon: ReactNode;
  title: string;
  subtitle: string;
  maw?: number;
  children: ReactNode;
}

/** The centred card of the public screens (sign-in, password reset). */
export function AuthCard({ icon, title, subtitle, maw = 400, children }: AuthCardProps) {
  return (
    <Box mih="100dvh" style={{ background: 'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 60%)' }}>
      <Center mih="100dvh" p="md">
        <Paper w="100%" maw={maw} p="xl" radius="lg" shadow="md" withBorder>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <ThemeIcon size={52} radius="xl" variant="light">
                {icon}
              </ThemeIcon>
              <Title order={1} size="h3">
                {title}
              </Title>
              <Text size="sm" c="dimmed" ta="center">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
