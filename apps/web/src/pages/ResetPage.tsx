import { Anchor, Box, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { RESET_CODE_LENGTH } from '@assoc/domain';
import { ResetForm } from '../modules/auth/components/ResetForm';

/** /reset?q=<32-character code> (spec 3 §2.18, §5); any other visit goes to '/'. */
export default function ResetPage() {
  const [params] = useSearchParams();
  const code = params.get('q') ?? '';
  if (code.length !== RESET_CODE_LENGTH) return <Navigate to="/" replace />;

  return (
    <Box mih="100dvh" style={{ background: 'linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-gray-0) 60%)' }}>
      <Center mih="100dvh" p="md">
        <Paper w="100%" maw={420} p="xl" radius="lg" shadow="md" withBorder>
          <Stack gap="lg">
            <Stack gap={6} align="center">
              <ThemeIcon size={52} radius="xl" variant="light">
                <IconKey size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} size="h3">
                Redefinir senha
              </Title>
              <Text size="sm" c="dimmed" ta="center">
                Informe seu CPF e escolha a nova senha
              </Text>
            </Stack>
            <ResetForm code={code} />
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Voltar para o login
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
