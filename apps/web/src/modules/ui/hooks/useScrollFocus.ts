import { useEffect, useRef, useState, type HTMLAttributes } from 'react';

/** A scroll area whose content is wider or taller than it by more than rounding. */
export const overflows = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;

export interface ScrollFocus {
  /** Goes to the scroll area's viewport (DataTable's scrollViewportRef, ScrollArea's viewportRef). */
  ref: React.RefObject<HTMLDivElement | null>;
  /** The viewport's attributes: a Tab stop named as a region while the content overflows, nothing while it fits. */
  viewportProps: HTMLAttributes<HTMLDivElement>;
  overflowing: boolean;
}

/**
 * A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable): while the
 * viewport's content overflows it, the viewport takes the focus (arrow keys then scroll it) and, given a label, is a
 * named region (its label, else its table's caption); a table that fits adds no Tab stop. Measured on mount and whenever the viewport or its content
 * changes size (ResizeObserver). The ui's table wrappers (AppDataTable, ScrollTable) use it: screens do not.
 */
export function useScrollFocus(label?: string): ScrollFocus {
  const ref = useRef<HTMLDivElement | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [caption, setCaption] = useState<string | undefined>(undefined);

  useEffect(() => {
    const viewport = ref.current;
    if (!viewport) return undefined;
    const measure = () => {
      setOverflowing(overflows(viewport));
      // Without a label the region takes its table's caption as name.
      setCaption(viewport.querySelector('caption')?.textContent?.trim() || undefined);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    // The content grows without the viewport changing size (rows loaded, a column widened).
    for (const child of Array.from(viewport.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  const name = label ?? caption;
  const viewportProps: HTMLAttributes<HTMLDivElement> = overflowing ? { tabIndex: 0, ...(name ? { role: 'region', 'aria-label': name } : {}) } : {};
  return { ref, viewportProps, overflowing };
}
