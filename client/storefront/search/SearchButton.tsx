import { useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { SearchIcon } from '../common/icons.tsx';
import { onDemand } from '../common/on-demand.tsx';

// The overlay is not part of the page's first JavaScript (common/on-demand.tsx).
const overlay = onDemand(() => import('./SearchOverlay.tsx').then((m) => m.SearchOverlay), 'Falha ao carregar a busca');

/** The header's search button; opens the search overlay (spec §2 "Search overlay"). */
export function SearchButton({ className }: { className: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const { preload } = overlay;
  // One component for as long as the overlay is open: the code arriving during it must not start it over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen again at each open and close
  const Overlay = useMemo(() => overlay.current(), [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={t`Buscar`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <SearchIcon />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Overlay onClose={close} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
