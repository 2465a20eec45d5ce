import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { CollectionFilters, CollectionSort } from '../../../shared/catalog.ts';
import { COLLECTION_PARAM, collectionPath } from '../../../shared/catalog-paths.ts';
import { CURRENCIES, type CurrencyCode } from '../../../shared/currencies.ts';
import { Link } from '../router.tsx';
import classes from './CollectionToolbar.module.css';
import { activeFilterCount, parseCollectionSearch } from './collection-search.ts';
import { PriceInput } from './PriceInput.tsx';

const SORT_LABELS: [CollectionSort, MessageDescriptor][] = [
  ['posicao', msg`Relevância`],
  ['preco-asc', msg`Menor preço`],
  ['preco-desc', msg`Maior preço`],
  ['nome', msg`Nome (A–Z)`],
  ['novidades', msg`Novidades`],
];

type Props = {
  slug: string;
  filters: CollectionFilters;
  total: number;
  priceRange: { min: string; max: string };
  currency: CurrencyCode;
  clearHref: string;
  onApply: (filters: CollectionFilters) => void;
};

/**
 * Sort and filters as one GET form: without JavaScript it reloads the page with the new query;
 * with it, the same fields are read and applied by client navigation (the sort applies on change).
 */
export function CollectionToolbar({ slug, filters, total, priceRange, currency, clearHref, onApply }: Props) {
  const { i18n, t } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!open) return;
    // The panel closes like a menu: Escape or a click outside it.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      panelRef.current?.querySelector('summary')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!panelRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(e.currentTarget)) if (typeof value === 'string') query.append(key, value);
    // 'Aplicar' closes the panel: the focus goes back to its toggle rather than to nowhere.
    if (panelRef.current?.contains((e.nativeEvent as SubmitEvent).submitter)) panelRef.current.querySelector('summary')?.focus();
    setOpen(false);
    onApply(parseCollectionSearch(query).filters);
  };
  const active = activeFilterCount(filters);
  const symbol = CURRENCIES[currency].symbol;

  return (
    <form method="get" action={collectionPath(slug)} className={classes.toolbar} onSubmit={submit}>
      <p className={classes.count} aria-live="polite">
        <Plural value={total} _0="# produtos" one="# produto" other="# produtos" />
      </p>
      <div className={classes.sort}>
        <label htmlFor={`${id}-sort`}>{t`Ordenar por`}</label>
        <div className={classes.sortRow}>
          <select
            id={`${id}-sort`}
            name={COLLECTION_PARAM.sort}
            value={filters.sort}
            className={classes.select}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {SORT_LABELS.map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className={classes.secondary}>
              {t`Aplicar`}
            </button>
          </noscript>
        </div>
      </div>
      <details ref={panelRef} className={classes.filter} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className={classes.summary}>
          <FilterIcon />
          {t`Filtrar`}
          {active > 0 && <span className={classes.badge}>{active}</span>}
        </summary>
        {/* Remounted when the URL's filters change (back button, chips), so the fields show them. */}
        <div className={classes.panel} key={`${filters.min ?? ''}|${filters.max ?? ''}|${filters.on_sale}`}>
          <fieldset className={classes.prices}>
            <legend>{t`Preço`}</legend>
            <PriceInput
              name={COLLECTION_PARAM.min}
              label={t`Mínimo`}
              symbol={symbol}
              value={filters.min}
              hint={Math.floor(Number(priceRange.min))}
            />
            <PriceInput
              name={COLLECTION_PARAM.max}
              label={t`Máximo`}
              symbol={symbol}
              value={filters.max}
              hint={Math.ceil(Number(priceRange.max))}
            />
          </fieldset>
          <label className={classes.check}>
            <input type="checkbox" name={COLLECTION_PARAM.onSale} value="1" defaultChecked={filters.on_sale} />
            {t`Em promoção`}
          </label>
          <div className={classes.actions}>
            <button type="submit" className={classes.primary}>
              {t`Aplicar`}
            </button>
            <Link to={{ search: clearHref }} className={classes.clear} onClick={() => setOpen(false)}>
              {t`Limpar filtros`}
            </Link>
          </div>
        </div>
      </details>
    </form>
  );
}

const FilterIcon = () => (
  <svg
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    aria-hidden="true"
  >
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
);
