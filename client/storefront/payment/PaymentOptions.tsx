import { Trans } from '@lingui/react/macro';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import { installmentPlan, type PaymentTerms, percentText, pixPrice } from '../../../shared/installments.ts';
import classes from './Payment.module.css';

type Props = { price: string; terms: PaymentTerms; currency: CurrencyCode };

/**
 * The product page's payment promises: the Pix price with '10% de desconto pagando com Pix', and
 * the whole installment table ('1x de …', … 'sem juros' / 'com juros', with each total). Each
 * interest-free row shows the first instalment; the last one absorbs the remainder.
 */
export function PaymentOptions({ price, terms, currency }: Props) {
  const pix = pixPrice(price, terms.pix_discount_percent);
  const plan = installmentPlan(price, terms);
  if (pix === null && plan.length < 2) return null;
  const percent = percentText(terms.pix_discount_percent);
  const value = pix === null ? '' : formatMoney(pix, currency);
  return (
    <section className={classes.options}>
      {pix !== null && (
        <p className={classes.pixBox}>
          <strong className={classes.pix}>
            <Trans>{value} no Pix</Trans>
          </strong>{' '}
          <span>
            <Trans>{percent}% de desconto pagando com Pix</Trans>
          </span>
        </p>
      )}
      {plan.length > 1 && (
        <table className={classes.table}>
          <caption>
            <Trans>Parcelamento no cartão</Trans>
          </caption>
          <tbody>
            {plan.map((row) => {
              const count = row.count;
              const value = formatMoney(row.instalment, currency);
              const total = formatMoney(row.total, currency);
              return (
                <tr key={count}>
                  <th scope="row">
                    <Trans>
                      {count}x de {value}
                    </Trans>
                  </th>
                  <td>{row.interest ? <Trans>com juros</Trans> : <Trans>sem juros</Trans>}</td>
                  <td>
                    <Trans>total {total}</Trans>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
