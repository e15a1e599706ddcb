import { Anchor } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { RESET_CODE_LENGTH } from '@assoc/domain';
import { AuthCard } from '../modules/auth/components/AuthCard';
import { ResetForm } from '../modules/auth/components/ResetForm';

/** /reset?q=<32-character code> (spec 3 §2.18, §5); any other visit goes to '/'. */
export default function ResetPage() {
  const [params] = useSearchParams();
  const code = params.get('q') ?? '';
  if (code.length !== RESET_CODE_LENGTH) return <Navigate to="/" replace />;

  return (
    <AuthCard icon={<IconKey size={28} stroke={1.6} />} title="Redefinir senha" subtitle="Informe seu CPF e escolha a nova senha" maw={420}>
      <ResetForm code={code} />
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Voltar para o login
      </Anchor>
    </AuthCard>
  );
}
