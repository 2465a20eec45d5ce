import { useLingui } from '@lingui/react/macro';
import type { PaymentSummary } from '../../../shared/catalog.ts';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import classes from './Payment.module.css';

/**
 * The Pix price line ('R$ 71,91 no Pix'), or nothing while the shop gives no Pix discount.
 * `className` replaces the green look where the background is the owner's colour (search).
 * The amounts come computed from the server (src/catalog/payment.ts).
 */
export function PixLine({ pix, currency, className }: { pix: string | null; currency: CurrencyCode; className?: string }) {
  const { t } = useLingui();
  if (pix === null) return null;
  const value = formatMoney(pix, currency);
  return <span className={className ?? classes.pix}>{t`${value} no Pix`}</span>;
}

/** A card's promises under its price: the Pix price and the most interest-free instalments ('ou 3x de R$ 26,63 sem juros'). */
export function PaymentLines({ payment, currency }: { payment: PaymentSummary; currency: CurrencyCode }) {
  const { t } = useLingui();
  const best = payment.installments;
  const count = best?.count;
  const value = best ? formatMoney(best.instalment, currency) : '';
  return (
    <span className={classes.lines}>
      <PixLine pix={payment.pix} currency={currency} />
      {best && <span className={classes.installments}>{t`ou ${count}x de ${value} sem juros`}</span>}
    </span>
  );
}
