import { useEffect, useState } from 'react';
import { LIMITS } from '../../../shared/limits.ts';
import { type CartState, observeCart, readCart } from './sdk-components.ts';
import { getLive } from './shop-session.ts';
import { useShopSnapshot } from './useShopSetup.ts';

const CLOSED_EMPTY: CartState = { count: 0, open: false };

/**
 * The provider's cart as the header shows it: item count (0 until the SDK says otherwise, so the
 * server renders 0) and whether the drawer is open. Refreshed by watching the page (the toggle's
 * count and the drawer's classes) and by polling every LIMITS.cartPollMs (spec §2 "Header").
 */
export function useCartState(): CartState {
  const snapshot = useShopSnapshot();
  const [state, setState] = useState<CartState>(CLOSED_EMPTY);
  useEffect(() => {
    const live = snapshot.phase === 'ready' ? getLive() : null;
    const refresh = () =>
      setState((prev) => {
        const next = readCart(live);
        return next.count === prev.count && next.open === prev.open ? prev : next;
      });
    refresh();
    if (!live) return;
    const stop = observeCart(live, refresh);
    const timer = window.setInterval(refresh, LIMITS.cartPollMs);
    return () => {
      stop();
      window.clearInterval(timer);
    };
  }, [snapshot]);
  return state;
}
