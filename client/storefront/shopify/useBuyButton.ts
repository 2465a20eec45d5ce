import { type RefObject, useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { type Mounted, mountProduct, type ProductRef } from './sdk-components.ts';
import { wantSdk } from './sdk-loader.ts';
import type { ButtonVariant } from './sdk-options.ts';
import { useShopSnapshot } from './useShopSetup.ts';

export type SlotState = 'idle' | 'mounting' | 'ready' | 'failed';

/** How long a press on a placeholder stays worth replaying on the button that replaces it. */
const PRESS_REPLAY_MS = 5000;

/**
 * Mounts the SDK button for `ref` into `hostRef` when the host nears the viewport
 * (IntersectionObserver with a margin) and the SDK is wanted (sdk-loader.ts), once per element.
 * A press on the placeholder asks for the SDK and is replayed on the button once it is there. A failed mount is marked unmounted,
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
    let mounted: Mounted | null = null;
    // A press on the placeholder while the SDK loads is kept and replayed on the real button,
    // unless it is stale by then (the shopper has moved on).
    // A press before the app ran was kept on the host by the entry (client/entry-client.tsx).
    let pressedAt = (host as HTMLElement & { shopPressedAt?: number }).shopPressedAt ?? Number.NEGATIVE_INFINITY;
    const onPress = () => {
      if (mounted) return;
      pressedAt = performance.now();
      wantSdk();
    };
    host.addEventListener('click', onPress);
    setState('idle');
    const observer = new IntersectionObserver(
      (entries) => {
        if (busy || mounted || !entries.some((e) => e.isIntersecting)) return;
        busy = true;
        setState('mounting');
        mountProduct(host, JSON.parse(refKey) as ProductRef, variant).then(
          (m) => {
            if (!alive) return m.destroy();
            mounted = m;
            observer.disconnect();
            setState('ready');
            if (performance.now() - pressedAt <= PRESS_REPLAY_MS) m.press();
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
      host.removeEventListener('click', onPress);
      mounted?.destroy();
    };
  }, [generation, refKey, variant, media]);
  return state;
}
