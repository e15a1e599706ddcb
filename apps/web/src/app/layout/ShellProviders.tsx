import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import '../accessibility.css';
import { useDialogFocusReturn } from '../../modules/ui/hooks/useDialogFocusReturn';
import { SessionLostHandler } from '../session/SessionLostHandler';

dayjs.locale('pt-br');

/**
 * What every page but a fresh /login needs besides Mantine and TanStack Query (app/providers.tsx): the dates
 * locale, the modals (confirm dialogs: SIM / NÃO), the toasts and the "session lost" popup. Its own chunk, so
 * the sign-in page opened first loads none of it (issue 12: /login's JavaScript ≤ 150 KB compressed); once
 * loaded it stays mounted, /login included (a toast shown on the way there stays visible).
 */
export default function ShellProviders({ children }: { children: ReactNode }) {
  // A closed dialog gives the focus back to the control that opened it (WCAG 2.4.3), for every dialog at once.
  useDialogFocusReturn();
  return (
    <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
      <ModalsProvider labels={{ confirm: 'SIM', cancel: 'NÃO' }}>
        {/* Bottom right: toasts cover none of the top bar's controls (bell, user menu) nor a registry's toolbar. */}
        <Notifications position="bottom-right" limit={4} />
        <SessionLostHandler />
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}
