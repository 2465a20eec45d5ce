import { useLingui } from '@lingui/react/macro';
import { type RefObject, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type CurrencyCode, DEFAULT_CURRENCY } from '../../../shared/currencies.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { useSettings } from '../common/hooks.ts';
import { SearchIcon } from '../common/icons.tsx';
import { useModalOverlay } from '../common/useModalOverlay.ts';
import { useNavigate } from '../router.tsx';
import classes from './SearchOverlay.module.css';
import { SearchResults } from './SearchResults.tsx';
import { useProductSearch } from './useProductSearch.ts';

const custom = (v: string | undefined) => (v && v !== 'default' ? v : undefined);

/**
 * The search overlay (spec §2 "Search overlay"): a modal dialog with a combobox field and a
 * listbox of at most 8 products. Arrow keys move the active option, Enter opens it; choosing a
 * product navigates to its page and closes. Closing (Escape, close button, click outside) clears
 * everything, since the overlay unmounts; focus then returns to the search button.
 */
export function SearchOverlay({ onClose, returnFocus }: { onClose: () => void; returnFocus: RefObject<HTMLElement | null> }) {
  const { t } = useLingui();
  const settings = useSettings();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(-1);
  const { results, searching } = useProductSearch(term);
  const input = useRef<HTMLInputElement>(null);
  const panel = useModalOverlay<HTMLDivElement>(true, onClose, { initialFocus: input, returnFocus });
  const listId = useId();
  const products = results?.products ?? [];
  const optionId = (i: number) => `${listId}-${i}`;
  const current = active >= 0 && active < products.length ? active : -1;

  const choose = (slug: string) => {
    navigate(`/produto/${slug}`);
    onClose();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (products.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const from = current === -1 ? (step === 1 ? -1 : products.length) : current;
      setActive((from + step + products.length) % products.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const product = products[current];
      if (product) choose(product.slug);
    }
  };
  const style = { background: custom(settings?.header_modal_bg_color), color: custom(settings?.header_modal_text_color) };

  return createPortal(
    <div className={classes.root}>
      <div className={classes.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className={classes.panel}
        style={style}
        role="dialog"
        aria-modal="true"
        aria-label={t`Buscar produtos`}
        tabIndex={-1}
      >
        <div className={classes.bar}>
          <SearchIcon size={20} />
          <input
            ref={input}
            className={classes.input}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={LIMITS.searchTermMax}
            placeholder={t`Buscar produtos`}
            aria-label={t`Buscar produtos`}
            role="combobox"
            aria-autocomplete="list"
            aria-controls={products.length > 0 ? listId : undefined}
            aria-expanded={products.length > 0}
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <button type="button" className={classes.close} onClick={onClose} aria-label={t`Fechar`}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <SearchResults
          id={listId}
          optionId={optionId}
          products={products}
          active={current}
          empty={term.trim() === ''}
          searching={searching}
          currency={(settings?.currency as CurrencyCode | undefined) ?? DEFAULT_CURRENCY}
          onActivate={setActive}
          onChoose={choose}
        />
      </div>
    </div>,
    document.body,
  );
}
