import { type ComponentType, lazy, useEffect } from 'react';

/** What stands in for a part whose code could not load (offline, a new deploy): it closes itself; the next open retries. */
function Unavailable({ onClose }: { onClose: () => void }) {
  useEffect(() => onClose(), [onClose]);
  return null;
}

/**
 * A part of the page that is not in its first JavaScript (an overlay opened by a button): its
 * chunk loads when `preload` is called (the button hovered, focused or pressed) or when it is
 * first rendered, and once loaded `current()` is the component itself, which renders at once (no
 * Suspense round trip: a field can take focus within the click, and mobile keyboards open only
 * then). Until then it is a lazy component, to render inside <Suspense>.
 */
export function onDemand<P extends { onClose: () => void }>(importer: () => Promise<ComponentType<P>>, failure: string) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const load = () => {
    loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a later attempt tries again
        throw error;
      },
    );
    return loading;
  };
  const makeLazy = () =>
    lazy<ComponentType<P>>(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          console.error(failure, error);
          waiting = makeLazy();
          return { default: Unavailable };
        },
      ),
    );
  let waiting = makeLazy();
  return {
    preload: () => void load().catch(() => {}),
    current: (): ComponentType<P> => loaded ?? waiting,
  };
}
