import { type ReactNode, Suspense, useEffect, useLayoutEffect } from 'react';

/**
 * Hydration in steps, so no single long task blocks the main thread (TBT). React hydrates the
 * page's shell (providers, announcement bar, header) in the first pass and leaves every
 * server-rendered <Suspense> boundary dehydrated, to hydrate it afterwards at idle priority,
 * time-sliced: the page content and the footer are such boundaries (`Deferred`). The server HTML
 * stays on screen meanwhile, and a click inside a boundary not yet hydrated hydrates it first and
 * is then replayed.
 *
 * `html[data-hydrated="true"]` marks the end of it all (the browser tests wait for it), and
 * `whenHydrated()` lets late work (the Buy Button SDK) wait for it too.
 */
const pending = new Set<string>();
let shellDone = false;
let resolveHydrated: () => void = () => {};
const hydrated = typeof window === 'undefined' ? Promise.resolve() : new Promise<void>((r) => (resolveHydrated = r));

function settle() {
  if (!shellDone || pending.size > 0 || document.documentElement.dataset.hydrated === 'true') return;
  document.documentElement.dataset.hydrated = 'true';
  resolveHydrated();
}

export const whenHydrated = (): Promise<void> => hydrated;

/** Rendered once by the app's root: the shell has hydrated. */
export function useShellHydrated(): void {
  useEffect(() => {
    shellDone = true;
    settle();
  }, []);
}

function Hydrated({ name }: { name: string }) {
  useEffect(() => {
    pending.delete(name);
    settle();
  }, [name]);
  return null;
}

/** A part of the page hydrated after the shell (see above); `name` must be unique on the page. */
export function Deferred({ name, children }: { name: string; children: ReactNode }) {
  // A layout effect runs before every passive effect of the same commit, the boundary's own
  // `Hydrated` included, so a boundary mounted and hydrated at once still settles.
  useLayoutEffect(() => {
    if (document.documentElement.dataset.hydrated !== 'true') pending.add(name);
  }, [name]);
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated name={name} />
    </Suspense>
  );
}
