import { Trans, useLingui } from '@lingui/react/macro';
import { Drawer, NavLink } from '@mantine/core';
import { Link } from 'react-router';
import type { CollectionDto } from '../../../shared/catalog.ts';
import type { Settings } from '../../../shared/settings.ts';

/** Mobile menu overlay: home plus every collection; closes on choice (spec §2). */
export function MobileMenu(props: { opened: boolean; onClose: () => void; collections: CollectionDto[]; settings: Settings }) {
  const { t } = useLingui();
  const bg = props.settings.header_modal_bg_color !== 'default' ? props.settings.header_modal_bg_color : undefined;
  const fg = props.settings.header_modal_text_color !== 'default' ? props.settings.header_modal_text_color : undefined;
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={<Trans>Menu</Trans>}
      size="80%"
      position={props.settings.header_mobile_menu_position === 'right' ? 'right' : 'left'}
      styles={{ content: { background: bg, color: fg }, header: { background: bg, color: fg } }}
      closeButtonProps={{ 'aria-label': t`Fechar` }}
    >
      <NavLink component={Link} to="/" label={<Trans>Início</Trans>} onClick={props.onClose} />
      {props.collections.map((c) => (
        <NavLink key={c.id} component={Link} to={`/colecao/${c.slug}`} label={c.name} onClick={props.onClose} />
      ))}
    </Drawer>
  );
}
