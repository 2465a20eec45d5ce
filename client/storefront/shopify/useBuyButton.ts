import { type RefObject, useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { mountProduct, type ProductRef } from './sdk-components.ts';
import type { ButtonVariant } from './sdk-options.ts';
import { useShopSnapshot } from './useShopSetup.ts';

export type SlotState = 'idle' | 'mounting' | 'ready' | 'failed';

/**
 * Mounts the SDK button for `ref` into `hostRef` when the host nears the viewport
 * (IntersectionObserver with a margin), once per element. A failed mount is marked unmounted,
 * so the next time the host comes into view it tries again. A new session (other shop, locale or
 * settings) unmounts the button and mounts a fresh one; leaving the page destroys it.
 * `media`: mount only when this media query matches (the card's touch or hover variant).
 */
export function useBuyButton(
  hostRef: RefObject<HTMLElement | null>,
  ref: ProductRef | null,
  variant: ButtonVariant,
  media?: string,
): SlotState {
  const { generation } = useShopSnapshot();
  const [state, setState] = useState<SlotState>('idle');
  const refKey = ref ? JSON.stringify(ref) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session generation remounts by design
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !refKey || (media && !window.matchMedia(media).matches)) return;
    let alive = true;
    let busy = false;
    let unmount: (() => void) | null = null;
    setState('idle');
    const observer = new IntersectionObserver(
      (entries) => {
        if (busy || unmount || !entries.some((e) => e.isIntersecting)) return;
        busy = true;
        setState('mounting');
        mountProduct(host, JSON.parse(refKey) as ProductRef, variant).then(
          (destroy) => {
            if (!alive) return destroy();
            unmount = destroy;
            observer.disconnect();
            setState('ready');
          },
          () => {
            busy = false;
            if (alive) setState('failed');
          },
        );
      },
      { rootMargin: `${LIMITS.buyButtonMountMarginPx}px` },
    );
    observer.observe(host);
    return () => {
      alive = false;
      observer.disconnect();
      unmount?.();
    };
  }, [generation, refKey, variant, media]);
  return state;
}
