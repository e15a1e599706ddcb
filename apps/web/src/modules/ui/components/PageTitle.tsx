import type { ReactNode } from 'react';
import { Title } from '@mantine/core';

/** A screen's title: the page's one h1 (axe page-has-heading-one), drawn at the h2 size the screens use. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={1} size="h2">
      {children}
    </Title>
  );
}
