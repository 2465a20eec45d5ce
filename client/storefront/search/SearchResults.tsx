import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { ProductDto } from '../../../shared/catalog.ts';
import { type CurrencyCode, discountPercent, formatMoney } from '../../../shared/currencies.ts';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import { PixLine } from '../payment/PaymentLines.tsx';
import classes from './SearchOverlay.module.css';

type Props = {
  id: string;
  optionId: (index: number) => string;
  products: ProductDto[];
  /** Index of the active option (keyboard or pointer), -1 for none. */
  active: number;
  /** The term is blank. */
  empty: boolean;
  searching: boolean;
  currency: CurrencyCode;
  /** The shop's payment settings, for the Pix price under each price (none while they load). */
  onActivate: (index: number) => void;
  onChoose: (slug: string) => void;
};

/** The state line (spoken by screen readers) and the listbox of products, at most 60% of the viewport tall. */
export function SearchResults({ id, optionId, products, active, empty, searching, currency, onActivate, onChoose }: Props) {
  const { t } = useLingui();
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, optionId]);

  const count = products.length;
  let status: React.ReactNode;
  if (empty) status = <Trans>Digite para buscar produtos</Trans>;
  else if (searching) status = <Trans>Buscando...</Trans>;
  else if (products.length === 0) status = <Trans>Nenhum produto encontrado</Trans>;
  else status = <Plural value={count} one="# produto encontrado" other="# produtos encontrados" />;
  const listed = !empty && products.length > 0;

  return (
    <div className={classes.results} data-searching={searching} data-listed={listed}>
      <p className={classes.status} role="status">
        {status}
      </p>
      {listed && (
        <div
          id={id}
          role="listbox"
          className={classes.list}
          aria-label={t`Resultados da busca`}
          // Pressing on a result must not take focus away from the field (the combobox keeps it).
          onMouseDown={(e) => e.preventDefault()}
        >
          {products.map((p, i) => {
            const off = discountPercent(p.price, p.old_price);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox field handles the keys (arrows, Enter) for its options
              <div
                key={p.id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={classes.option}
                onPointerMove={() => i !== active && onActivate(i)}
                onClick={() => onChoose(p.slug)}
              >
                <ResponsiveImage
                  src={p.images[0] ?? p.image_url}
                  alt=""
                  width={56}
                  height={56}
                  sizes={IMAGE_SIZES.thumb}
                  className={classes.thumb}
                />
                <span className={classes.name}>{p.title}</span>
                <span className={classes.price}>
                  {off !== null && p.old_price && <s className={classes.old}>{formatMoney(p.old_price, currency)}</s>}
                  <span className={classes.current}>{formatMoney(p.price, currency)}</span>
                  {p.payment && <PixLine pix={p.payment.pix} currency={currency} className={classes.pix} />}
                </span>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
