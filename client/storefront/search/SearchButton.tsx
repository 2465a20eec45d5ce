import { useLingui } from '@lingui/react/macro';
import { SearchIcon } from '../common/icons.tsx';

/** The header's search button; opens the search overlay (spec §2 "Search overlay"). */
export function SearchButton({ className }: { className: string }) {
  const { t } = useLingui();
  return (
    <button type="button" className={className} aria-label={t`Buscar`}>
      <SearchIcon />
    </button>
  );
}
