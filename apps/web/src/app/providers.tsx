import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns off transitions so component tests see the final state at once. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/**
 * TanStack Query and Mantine, for every page. The dates locale, modals, toasts and the "session lost" popup
 * come with the routes behind the sign-in page (layout/ShellProviders.tsx, its own chunk).
 */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
