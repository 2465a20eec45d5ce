import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import classes from './BuySlot.module.css';
import type { ProductRef } from './sdk-components.ts';
import type { ButtonVariant } from './sdk-options.ts';
import type { ColorPair } from './shop-setup.ts';
import { type SlotState, useBuyButton } from './useBuyButton.ts';

type Props = {
  product: ProductRef;
  variant: ButtonVariant;
  colors: ColorPair;
  /** Placeholder content: what the button will show (text or icon). */
  children: ReactNode;
  /** Mount only when this media query matches. */
  media?: string;
  className?: string;
  /** Size of the slot; it must be the button's final size (the frame fills it). */
  style?: CSSProperties;
  onState?: (state: SlotState) => void;
};

/**
 * Where one SDK button goes. The server renders it at the button's final size with a look-alike
 * placeholder (hidden from assistive tech, not focusable), so nothing moves when the SDK's frame
 * arrives on top of it: the frame lives in a node of its own inside this slot, never moved.
 */
export function BuySlot({ product, variant, colors, children, media, className = '', style, onState }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const state = useBuyButton(host, product, variant, media);
  useEffect(() => {
    onState?.(state);
  }, [state, onState]);
  const look = { ...style, '--slot-bg': colors.bg, '--slot-fg': colors.fg } as CSSProperties;
  return (
    <div ref={host} className={`${classes.slot} ${className}`} style={look} data-state={state} data-variant={variant}>
      <span className={classes.placeholder} aria-hidden="true">
        {children}
      </span>
    </div>
  );
}
