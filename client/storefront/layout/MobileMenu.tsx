import { Trans, useLingui } from '@lingui/react/macro';
import { createPortal } from 'react-dom';
import type { CollectionDto } from '../../../shared/catalog.ts';
import type { Settings } from '../../../shared/settings.ts';
import { collectionLabel } from '../common/collection-label.ts';
import { useModalOverlay } from '../common/useModalOverlay.ts';
import { Link } from '../router.tsx';
import classes from './MobileMenu.module.css';

/** What opened the menu: the menu button (phones) or 'Todas as coleções' in the desktop nav. */
export type MenuOpener = 'button' | 'nav';

const custom = (v: string) => (v && v !== 'default' ? v : undefined);

/**
 * Mobile menu overlay (spec §2): home plus every collection, sliding in from where it was opened;
 * closes on choice, Escape, the close button or a click outside. Rendered while open, its code loaded on demand (Header.tsx). A modal dialog: focus moves in, Tab stays inside, and on close focus
 * returns to the menu button. Rendered into <body> so the header's blur never clips it.
 */
export function MobileMenu(props: { onClose: () => void; collections: CollectionDto[]; settings: Settings; from: MenuOpener }) {
  const { t, i18n } = useLingui();
  const { onClose } = props;
  // The phone's menu button is on the side the shop set; the desktop nav is on the left.
  const side = props.from === 'button' && props.settings.header_mobile_menu_position === 'right' ? 'right' : 'left';
  const panel = useModalOverlay<HTMLDivElement>(true, onClose);
  const style = { background: custom(props.settings.header_modal_bg_color), color: custom(props.settings.header_modal_text_color) };
  return createPortal(
    <div className={classes.root}>
      <div className={classes.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className={classes.panel}
        data-side={side}
        style={style}
        role="dialog"
        aria-modal="true"
        aria-label={t`Menu`}
        tabIndex={-1}
      >
        <div className={classes.head}>
          <strong>
            <Trans>Menu</Trans>
          </strong>
          <button type="button" className={classes.close} onClick={onClose} aria-label={t`Fechar`}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <nav className={classes.links} aria-label={t`Menu`}>
          <Link to="/" onClick={onClose}>
            <Trans>Início</Trans>
          </Link>
          {props.collections.map((c) => (
            <Link key={c.id} to={`/colecao/${c.slug}`} onClick={onClose}>
              {collectionLabel(i18n, c)}
            </Link>
          ))}
        </nav>
      </div>
    </div>,
    document.body,
  );
}
