import { useLingui } from '@lingui/react/macro';
import type { CollectionFilters } from '../../../shared/catalog.ts';
import { type CurrencyCode, formatMoney } from '../../../shared/currencies.ts';
import { Link } from '../router.tsx';
import classes from './CollectionPage.module.css';
import { collectionSearch } from './collection-search.ts';

/** The filters in force as chips; each is a link to the same page without it (works without JavaScript). */
export function ActiveFilters({ filters, currency }: { filters: CollectionFilters; currency: CurrencyCode }) {
  const { t } = useLingui();
  const chips: { key: string; label: string; without: CollectionFilters }[] = [];
  const { min, max } = filters;
  if (min !== undefined || max !== undefined) {
    const from = min !== undefined ? formatMoney(min.toFixed(2), currency) : '';
    const to = max !== undefined ? formatMoney(max.toFixed(2), currency) : '';
    const label = min === undefined ? t`Até ${to}` : max === undefined ? t`A partir de ${from}` : `${from} – ${to}`;
    chips.push({ key: 'price', label, without: { ...filters, min: undefined, max: undefined } });
  }
  if (filters.on_sale) chips.push({ key: 'sale', label: t`Em promoção`, without: { ...filters, on_sale: false } });
  if (chips.length === 0) return null;
  return (
    <ul className={classes.chips} aria-label={t`Filtros aplicados`}>
      {chips.map(({ key, label, without }) => (
        <li key={key}>
          <Link to={{ search: collectionSearch(without) }} className={classes.chip} aria-label={t`Remover filtro: ${label}`}>
            {label}
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Link to={{ search: collectionSearch({ sort: filters.sort, on_sale: false }) }} className={classes.clearAll}>
            {t`Limpar filtros`}
          </Link>
        </li>
      )}
    </ul>
  );
}
