import { Loader, type LoaderProps } from '@mantine/core';

type BusyIndicatorProps = Omit<LoaderProps, 'role' | 'aria-label'> & {
  /** What is loading or running, read by screen readers. */
  label?: string;
  /**
   * - `loading` (default): an announcement that something is on its way: a live status, busy until it goes away
   *   (the accessibility walk waits for `aria-busy` before it checks a screen);
   * - `mark`: a state shown in a list or on a button (a running job): an image with a name, not a live region;
   * - `decorative`: beside a text or inside an element that already says it: hidden from screen readers.
   */
  kind?: 'loading' | 'mark' | 'decorative';
};

/**
 * Every spinner of the app. Mantine's Loader is a bare <span>: an aria-label on it without a role is
 * prohibited ARIA (axe `aria-prohibited-attr`, seen on /processo while its lists loaded), so the role comes with
 * the name here, once. The lint forbids importing Loader anywhere else.
 */
export function BusyIndicator({ label = 'Carregando', kind = 'loading', size = 'sm', ...rest }: BusyIndicatorProps) {
  if (kind === 'decorative') return <Loader size={size} aria-hidden {...rest} />;
  if (kind === 'mark') return <Loader size={size} role="img" aria-label={label} {...rest} />;
  return <Loader size={size} role="status" aria-busy="true" aria-label={label} {...rest} />;
}
