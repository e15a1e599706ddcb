import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { StatusPage } from '../modules/ui/components/StatusPage';

export default function NotFoundPage() {
  return (
    <StatusPage code="404" title="Página não encontrada" message="O endereço acessado não existe.">
      <Button component={Link} to="/" variant="light">
        Voltar ao início
      </Button>
    </StatusPage>
  );
}
