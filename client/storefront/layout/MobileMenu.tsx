import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CollectionDto } from '../../../shared/catalog.ts';
import type { Settings } from '../../../shared/settings.ts';
import classes from './MobileMenu.module.css';

const custom = (v: string) => (v && v !== 'default' ? v : undefined);

/** Mobile menu overlay: home plus every collection; closes on choice, Escape or a click outside (spec §2). */
export function MobileMenu(props: { opened: boolean; onClose: () => void; collections: CollectionDto[]; settings: Settings }) {
  const { t } = useLingui();
  const { opened, onClose } = props;
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [opened, onClose]);
  if (!opened) return null;
  const side = props.settings.header_mobile_menu_position === 'right' ? 'right' : 'left';
  const style = { background: custom(props.settings.header_modal_bg_color), color: custom(props.settings.header_modal_text_color) };
  return (
    <div className={classes.root}>
      <button type="button" className={classes.backdrop} aria-label={t`Fechar`} onClick={onClose} />
      <div className={classes.panel} data-side={side} style={style} role="dialog" aria-modal="true" aria-label={t`Menu`}>
        <div className={classes.head}>
          <strong>
            <Trans>Menu</Trans>
          </strong>
          <button type="button" className={classes.close} onClick={onClose} aria-label={t`Fechar`}>
            ×
          </button>
        </div>
        <nav className={classes.links}>
          <Link to="/" onClick={onClose}>
            <Trans>Início</Trans>
          </Link>
          {props.collections.map((c) => (
            <Link key={c.id} to={`/colecao/${c.slug}`} onClick={onClose}>
              {c.name}
            </Link>
          ))}
        </nav>
      </div>
    </div>
  );
}
