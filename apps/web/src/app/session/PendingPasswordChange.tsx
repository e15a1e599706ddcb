import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@mantine/core';
import { FullPageLoader } from '../../modules/ui/components/FullPageLoader';
import { StatusPage } from '../../modules/ui/components/StatusPage';
import { firstStartContracts } from '@assoc/domain';
import { callApi } from '../client';

/**
 * The one-time password of a first start must be replaced before anything else (issue 8 §3): the server
 * hands a reset code and the existing /reset form does the change (then the user signs in again).
 */
export function PendingPasswordChange() {
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    callApi(firstStartContracts.pendingPasswordCode)
      .then((reply) => {
        if (!cancelled) setCode(reply.q);
      })
      .catch((err: Error) => {
        if (!cancelled) setError(err.message);
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  if (code) return <Navigate to={`/reset?q=${encodeURIComponent(code)}`} replace />;
  if (error) {
    return (
      <StatusPage code="" title="Troque a senha provisória" message={error}>
        <Button
          onClick={() => {
            setError(null);
            setAttempt((n) => n + 1);
          }}
        >
          Tentar novamente
        </Button>
      </StatusPage>
    );
  }
  return <FullPageLoader />;
}
