import { IconScale } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { sessionQuery } from '../app/session/sessionQuery';
import { AuthCard } from '../modules/auth/components/AuthCard';
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

  // Once the form is up and the browser idle, the signed-in chunks start loading while the user types; on a busy
  // phone idle may come late, so they start within 300 ms anyway (issue 28).
  useEffect(() => {
    const start = () => void import('../app/prefetch').then((prefetch) => prefetch.prefetchSignedIn());
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 300 });
    else window.setTimeout(start, 200);
  }, []);

  // Someone already signed in (another tab, a reload) goes straight on.
  if (isPending) return <FullPageLoader />;
  if (session) return <Navigate to={targetOf(location.state)} replace />;

  return (
    <AuthCard icon={<IconScale size={30} stroke={1.6} />} title="Associação" subtitle="Acesse com seu CPF e senha">
      <LoginForm />
    </AuthCard>
  );
}
