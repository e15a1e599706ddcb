import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: a long screen renders what lies below its first
 * screenful in a transition after the top is on screen and usable (React yields to the user's input while it renders).
 * Issue 28: the portal's Cadastro form on a phone.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
