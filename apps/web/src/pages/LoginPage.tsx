import { Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, type Location } from 'react-router';
import { sessionQuery } from '../app/session/sessionQuery';
import { LoginForm } from '../modules/auth/components/LoginForm';
import { FullPageLoader } from '../modules/ui/components/FullPageLoader';

/** Where to go after signing in: the private page first asked for, or '/'. */
function targetOf(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export default function LoginPage() {
  const queryClient = useQueryClient();
  const { data: session, isPending } = useQuery(sessionQuery(queryClient));
  const location = useLocation();

  // Someone already signed in (another tab, a reload) goes straight on.
  if (isPending) return <FullPageLoader />;
  if (session) return <Navigate to={targetOf(location.state)} replace />;

  return (
    <Box
      mih="100dvh"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 60%)' }}
    >
      <Center mih="100dvh" p="md">
        <Paper w="100%" maw={400} p="xl" radius="lg" shadow="md" withBorder>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <ThemeIcon size={52} radius="xl" variant="light">
                <IconScale size={30} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} size="h3">
                Associação
              </Title>
              <Text size="sm" c="dimmed">
                Acesse com seu CPF e senha
              </Text>
            </Stack>
            <LoginForm />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
