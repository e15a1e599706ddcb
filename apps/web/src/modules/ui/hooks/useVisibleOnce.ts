import { startTransition, useCallback, useState } from 'react';

/**
 * False until the element has come within `margin` of the viewport, then true for good: what is costly to draw and
 * may lie below the first screenful (the dashboard's charts) is drawn when it is about to be seen, not with the
 * page's first render (issue 30: the Painel usable within a second of signing in). The change is a transition, so
 * drawing yields to the user's input. Where the DOM has no IntersectionObserver, true at once.
 */
export function useVisibleOnce<T extends Element>(margin = '200px') {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: T | null) => {
      if (!element || visible) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          startTransition(() => setVisible(true));
        },
        { rootMargin: margin },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin, visible],
  );
  return [ref, visible] as const;
}
