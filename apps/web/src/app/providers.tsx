import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme';

dayjs.locale('pt-br');

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off transitions so component tests see the final state at once. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <ModalsProvider labels={{ confirm: 'SIM', cancel: 'NÃO' }}>
            {/* Bottom right: toasts cover none of the top bar's controls (bell, user menu) nor a registry's toolbar. */}
            <Notifications position="bottom-right" limit={4} />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
