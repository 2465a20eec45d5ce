import { startTransition, useEffect, useState } from 'react';

/**
 * Rows a long list draws with its first render: about two screens. The rest of the page follows at
 * once in a background render (a transition, which React interrupts for input), so a screen shows
 * its first rows without waiting for every row's buttons, images and popovers to be drawn.
 */
const FIRST_ROWS = 20;

/** The rows to draw now: the first FIRST_ROWS on the list's first render, all of them from the next. */
export function useFirstRows<T>(items: T[]): T[] {
  const [whole, setWhole] = useState(false);
  useEffect(() => startTransition(() => setWhole(true)), []);
  return whole ? items : items.slice(0, FIRST_ROWS);
}
