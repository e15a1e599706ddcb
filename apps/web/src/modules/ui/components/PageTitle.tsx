import type { ReactNode, Ref } from 'react';
import { Title } from '@mantine/core';

/**
 * A screen's title: the page's one h1 (axe page-has-heading-one), drawn at the h2 size the screens use. With a
 * ref it can take the focus from code (tabIndex -1: not a Tab stop), so a screen can move the focus into itself.
 */
export function PageTitle({ children, ref }: { children: ReactNode; ref?: Ref<HTMLHeadingElement> }) {
  return (
    <Title order={1} size="h2" ref={ref} tabIndex={ref ? -1 : undefined}>
      {children}
    </Title>
  );
}
