import { RequireAuth } from '../session/RequireAuth';
import MainLayout from './MainLayout';

/**
 * The signed-in part of the app, one chunk loaded after the sign-in page (issue 12: /login loads none of the
 * session guard, the role checks, the screen table nor the layout): the layout behind the session guard (each route's screen: GuardedScreen.tsx).
 */
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <MainLayout />
    </RequireAuth>
  );
}
