import type { CurrencyCode } from '../../../shared/currencies.ts';
import { discountPercent, formatMoney } from '../../../shared/currencies.ts';
import classes from './Price.module.css';

type Props = { price: string; oldPrice: string | null; currency: CurrencyCode; showDiscount?: boolean; size?: 'md' | 'lg' };

/** Old price struck through, current price, optional discount tag (spec §2, §9). */
export function Price({ price, oldPrice, currency, showDiscount = false, size = 'md' }: Props) {
  const off = discountPercent(price, oldPrice);
  return (
    <div className={classes.price} data-size={size}>
      {off !== null && oldPrice && <s className={classes.old}>{formatMoney(oldPrice, currency)}</s>}
      <span className={classes.current}>{formatMoney(price, currency)}</span>
      {showDiscount && off !== null && <span className={classes.tag}>-{off}%</span>}
    </div>
  );
}
