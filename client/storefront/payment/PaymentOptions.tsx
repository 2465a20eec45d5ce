import { useLingui } from '@lingui/react/macro';
import type { PaymentOptions as Options } from '../../../shared/catalog.ts';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import classes from './Payment.module.css';

type Props = { options: Options; currency: CurrencyCode };

/**
 * The product page's payment promises: the Pix price with '10% de desconto pagando com Pix', and
 * the whole installment table ('1x de …', … 'sem juros' / 'com juros', with each total). Each
 * interest-free row shows the first instalment; the last one absorbs the remainder. Computed on
 * the server (src/catalog/payment.ts).
 */
export function PaymentOptions({ options, currency }: Props) {
  const { t } = useLingui();
  const { pix, plan, percent } = options;
  if (pix === null && plan.length < 2) return null;
  const value = pix === null ? '' : formatMoney(pix, currency);
  return (
    <section className={classes.options}>
      {pix !== null && (
        <p className={classes.pixBox}>
          <strong className={classes.pix}>{t`${value} no Pix`}</strong> <span>{t`${percent}% de desconto pagando com Pix`}</span>
        </p>
      )}
      {plan.length > 1 && (
        <table className={classes.table}>
          <caption>{t`Parcelamento no cartão`}</caption>
          <tbody>
            {plan.map((row) => {
              const count = row.count;
              const value = formatMoney(row.instalment, currency);
              const total = formatMoney(row.total, currency);
              return (
                <tr key={count}>
                  <th scope="row">{t`${count}x de ${value}`}</th>
                  <td>{row.interest ? t`com juros` : t`sem juros`}</td>
                  <td>{t`total ${total}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
