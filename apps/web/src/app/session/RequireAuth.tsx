import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { FullPageLoader } from '../../modules/ui/components/FullPageLoader';
import { StatusPage } from '../../modules/ui/components/StatusPage';
import { sessionQuery } from './sessionQuery';
import { SessionProvider } from './SessionContext';
import { PendingPasswordChange } from './PendingPasswordChange';

/** Private part of the app: without a session the visitor goes to /login, which brings them back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: session, isPending, error, refetch, isFetching } = useQuery(sessionQuery(queryClient));
  const location = useLocation();

  if (isPending) return <FullPageLoader />;
  if (error) {
    return (
      <StatusPage code="" title="Sem conexão" message={error.message}>
        <Button onClick={() => void refetch()} loading={isFetching}>
          Tentar novamente
        </Button>
      </StatusPage>
    );
  }
  if (!session) return <Navigate to="/login" replace state={{ from: location }} />;
  if (session.mustChangePassword) return <PendingPasswordChange />;
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
