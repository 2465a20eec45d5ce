import { Trans } from '@lingui/react/macro';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import { bestInterestFree, type PaymentTerms, pixPrice } from '../../../shared/installments.ts';
import classes from './Payment.module.css';

type Props = { price: string; terms: PaymentTerms; currency: CurrencyCode };

/**
 * The Pix price line ('R$ 71,91 no Pix'), or nothing while the shop gives no Pix discount.
 * `className` replaces the green look where the background is the owner's colour (search).
 */
export function PixLine({ price, terms, currency, className }: Props & { className?: string }) {
  const pix = pixPrice(price, terms.pix_discount_percent);
  if (pix === null) return null;
  const value = formatMoney(pix, currency);
  return (
    <span className={className ?? classes.pix}>
      <Trans>{value} no Pix</Trans>
    </span>
  );
}

/** A card's promises under its price: the Pix price and the most interest-free instalments ('ou 3x de R$ 26,63 sem juros'). */
export function PaymentLines({ price, terms, currency }: Props) {
  const best = bestInterestFree(price, terms);
  const count = best?.count;
  const value = best ? formatMoney(best.instalment, currency) : '';
  return (
    <span className={classes.lines}>
      <PixLine price={price} terms={terms} currency={currency} />
      {best && (
        <span className={classes.installments}>
          <Trans>
            ou {count}x de {value} sem juros
          </Trans>
        </span>
      )}
    </span>
  );
}
