import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../common/icons.tsx';

type OverlayModule = typeof import('./SearchOverlay.tsx');

// The overlay is not part of the page's first JavaScript: its chunk loads when the button is
// hovered, focused or pressed, and once loaded it renders at once (no Suspense round trip), so
// the field can take focus within the click (mobile keyboards open only then).
let loaded: OverlayModule | null = null;
let loading: Promise<OverlayModule> | null = null;
const load = () => {
  loading ??= import('./SearchOverlay.tsx').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = null; // a later attempt tries again
      throw error;
    },
  );
  return loading;
};
/** If the chunk cannot load (offline, a new deploy), the overlay closes itself; the next open retries. */
function Unavailable({ onClose }: { onClose: () => void }) {
  useEffect(() => onClose(), [onClose]);
  return null;
}
type OverlayProps = React.ComponentProps<OverlayModule['SearchOverlay']>;
const makeLazy = () =>
  lazy<React.ComponentType<OverlayProps>>(() =>
    load().then(
      (m) => ({ default: m.SearchOverlay }),
      (error: unknown) => {
        console.error('Falha ao carregar a busca', error);
        LazyOverlay = makeLazy();
        return { default: Unavailable };
      },
    ),
  );
let LazyOverlay = makeLazy();

/** The header's search button; opens the search overlay (spec §2 "Search overlay"). */
export function SearchButton({ className }: { className: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const preload = () => void load().catch(() => {});
  const Overlay = loaded?.SearchOverlay ?? LazyOverlay;
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
