import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { StatusPage } from '../modules/ui/components/StatusPage';

export default function AccessDeniedPage() {
  return (
    <StatusPage code="403" title="Acesso negado" message="Você não tem permissão para acessar esta página.">
      <Button component={Link} to="/" variant="light">
        Voltar ao início
      </Button>
    </StatusPage>
  );
}
