import { Stack, Text, Title } from '@mantine/core';
import { SecurityEventsTable } from '../modules/security-events/components/SecurityEventsTable';

/** /seguranca: the security events of issue 8 §10 (Avançado → Eventos de segurança, superadmins). */
export default function SecurityEventsPage() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Eventos de segurança
        </Title>
        <Text size="sm">
          Entradas e falhas de entrada, saídas, senhas redefinidas, autenticadores, sessões encerradas e alterações de acesso, dos mais recentes para
          os mais antigos. Nenhuma senha, código ou link é registrado.
        </Text>
      </div>
      <SecurityEventsTable />
    </Stack>
  );
}
