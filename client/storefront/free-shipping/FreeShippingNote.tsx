import { Trans } from '@lingui/react/macro';
import type { CurrencyCode } from '../../../shared/currencies.ts';
import { freeShippingAt, reachesThreshold, thresholdText } from '../../../shared/free-shipping.ts';
import type { Settings } from '../../../shared/settings.ts';
import classes from './FreeShipping.module.css';

/**
 * The product page's free-shipping line, under the price: 'Frete grátis para este produto' when its
 * price alone reaches the threshold, else 'Frete grátis acima de R$ 199'. Nothing while off.
 */
export function FreeShippingNote({ price, settings }: { price: string; settings: Settings }) {
  const threshold = freeShippingAt(settings, 'product');
  if (threshold === null) return null;
  const value = thresholdText(threshold, settings.currency as CurrencyCode);
  return (
    <p className={classes.note} data-testid="free-shipping">
      {reachesThreshold(price, threshold) ? <Trans>Frete grátis para este produto</Trans> : <Trans>Frete grátis acima de {value}</Trans>}
    </p>
  );
}
