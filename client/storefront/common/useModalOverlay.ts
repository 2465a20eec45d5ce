import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `root`, in document order (hidden ones left out). */
function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

type Options = {
  /** Receives focus on open; default: the first tabbable element (or the container itself). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Receives focus on close; default: whatever had focus when the overlay opened. */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * Modal overlay behaviour for a container rendered while `open`: focus moves into it, Tab and
 * Shift+Tab cycle inside it, Escape calls `onClose`, the page behind is inert and does not
 * scroll, and on close focus goes back to the element that opened it. Returns the ref to put on
 * the container, which should be rendered into <body> with createPortal so the app beside it can be made inert.
 */
export function useModalOverlay<T extends HTMLElement>(open: boolean, onClose: () => void, options: Options = {}): RefObject<T | null> {
  const container = useRef<T>(null);
  // The latest callbacks without re-running the effect (callers often pass inline functions).
  const latest = useRef({ onClose, options });
  useEffect(() => {
    latest.current = { onClose, options };
  });

  useEffect(() => {
    const root = container.current;
    if (!open || !root) return;
    const opener = latest.current.options.returnFocus?.current ?? (document.activeElement as HTMLElement | null);
    (latest.current.options.initialFocus?.current ?? tabbables(root)[0] ?? root).focus();

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        latest.current.onClose();
      } else if (e.key === 'Tab') {
        const items = tabbables(root);
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          e.preventDefault();
          root.focus();
        } else if (e.shiftKey && (active === first || !root.contains(active))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (active === last || !root.contains(active))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    // Focus that leaves by other means (a script, a click on the page) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.contains(e.target)) (tabbables(root)[0] ?? root).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    // The rest of the page is inert while the overlay is open (as with a native modal <dialog>):
    // screen readers and pointers reach only the overlay. It works when the overlay is portalled
    // into <body>, its own layer beside the app.
    const { body, documentElement } = document;
    const behind = [...body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && !el.contains(root) && !el.inert);
    for (const el of behind) el.inert = true;
    const saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
      for (const el of behind) el.inert = false;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);

  return container;
}
