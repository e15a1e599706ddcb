import { useEffect } from 'react';

const DIALOG = '[role="dialog"], [role="alertdialog"]';

interface OpenDialog {
  dialog: Element;
  /** The control the focus was on when the dialog took it. */
  opener: HTMLElement;
}

/**
 * The control to come back to for a focus on `element`. A menu item leaves with its menu (Ferramentas in the
 * user menu), so the menu's button stands for it; it is found now, while the menu is open and its button
 * names it with aria-controls.
 */
function returnTargetOf(element: EventTarget | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger instanceof HTMLElement) return trigger;
  }
  return element;
}

const focusIsLost = () => {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
};

/**
 * WCAG 2.4.3, once for every dialog of the app: when a dialog closes (Escape, Fechar, Ok, ×) and the focus is
 * left on nothing, it goes back to the control that opened the dialog. Mantine's own return only works for a
 * Modal that stays mounted and toggles `opened`; most of ours (FormModal and the modals of the member tabs)
 * mount opened and unmount on close, so Mantine never records the opener nor gets to return to it.
 *
 * A dialog is known by the focus entering it (Mantine's focus trap moves it in): the element focused just
 * before is its opener. A dialog that leaves the document, with the focus gone with it, returns the focus to
 * its opener, or, when several close together (a question over a form), to the innermost opener still there.
 */
export function useDialogFocusReturn() {
  useEffect(() => {
    const open: OpenDialog[] = [];
    let lastFocused: HTMLElement | null = null;

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const dialog = target?.closest(DIALOG);
      if (dialog && lastFocused && !dialog.contains(lastFocused) && !open.some((entry) => entry.dialog === dialog)) {
        open.push({ dialog, opener: lastFocused });
      }
      lastFocused = returnTargetOf(target);
    };

    const returnFocus = () => {
      if (open.length === 0 || open.every((entry) => entry.dialog.isConnected)) return;
      const closed = open.filter((entry) => !entry.dialog.isConnected);
      for (const entry of closed) open.splice(open.indexOf(entry), 1);
      // Something else took the focus (another dialog, Mantine's own return): leave it there.
      if (!focusIsLost()) return;
      const opener = closed.reverse().find((entry) => entry.opener.isConnected)?.opener;
      opener?.focus({ preventScroll: true });
    };

    document.addEventListener('focusin', onFocusIn);
    const observer = new MutationObserver(returnFocus);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
