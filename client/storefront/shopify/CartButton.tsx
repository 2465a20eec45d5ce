import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type MouseEvent, useEffect } from 'react';
import { useSettings } from '../common/hooks.ts';
import { CartIcon } from '../common/icons.tsx';
import classes from './CartButton.module.css';
import { toggleCartFrom } from './sdk-components.ts';
import { connectShop } from './shop-session.ts';
import { useCartState } from './useCartState.ts';
import { useShopSetup, useShopSnapshot } from './useShopSetup.ts';

/**
 * The header's cart button with its badge; opens the Buy Button cart drawer when closed and
 * closes it when open (spec §2 "Header"). It is the one cart control: the SDK's floating toggle
 * stays hidden while the header shows this button. Without a configured shop there is no cart,
 * and no button pretending to be one.
 */
export function CartButton({ className }: { className: string }) {
  const { t } = useLingui();
  const setup = useShopSetup(useSettings());
  const { phase } = useShopSnapshot();
  const { count, open } = useCartState();

  useEffect(() => {
    // Connects once the SDK is wanted (sdk-loader.ts): at the first interaction, or at the first idle
    // moment when the browser keeps a cart of this shop, so the badge shows it.
    if (phase === 'idle') connectShop().catch(() => {});
  }, [phase]);

  if (!setup) return null;
  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    // The SDK closes the cart on any click in the page outside it: this click is ours.
    e.stopPropagation();
    toggleCartFrom(e.currentTarget).catch(() => {});
  };
  const label = t({ message: plural(count, { one: 'Carrinho, # item', other: 'Carrinho, # itens' }) });
  return (
    <button type="button" className={`${className} ${classes.button}`} aria-label={label} aria-expanded={open} onClick={onClick}>
      <CartIcon />
      <span className={classes.badge} hidden={count === 0} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
    </button>
  );
}
