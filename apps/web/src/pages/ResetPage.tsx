import { Center, Paper } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { UnderConstruction } from '../modules/ui/components/UnderConstruction';

/** Spec 3 §9: the reset code has exactly 32 characters. */
const RESET_CODE_LENGTH = 32;

/** /reset?q=<32-character code> (spec 3 §2.18); any other visit goes to '/'. The form lands in the next issue. */
export default function ResetPage() {
  const [params] = useSearchParams();
  const code = params.get('q') ?? '';
  if (code.length !== RESET_CODE_LENGTH) return <Navigate to="/" replace />;

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper w="100%" maw={420} p="xl" radius="lg" shadow="md" withBorder>
        <UnderConstruction title="Redefinir senha" />
      </Paper>
    </Center>
  );
}
