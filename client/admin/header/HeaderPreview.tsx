import { Trans, useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { imageUrl } from '../../../shared/image-url.ts';
import { CartIcon, MenuIcon, SearchIcon } from '../../storefront/common/icons.tsx';
import { PreviewFrame, PreviewLabel } from '../common/PreviewFrame.tsx';
import classes from './HeaderPreview.module.css';
import { HEADER_THEME, type HeaderValues, resolveColor } from './header-form.ts';

type Zone = 'left' | 'center' | 'right';

/** A small static drawing of the storefront header with the values being edited (desktop, phone, scrolled, menu). */
export function HeaderPreview({ values: v, title, logoUrl }: { values: HeaderValues; title: string; logoUrl: string }) {
  const { t } = useLingui();
  const style = {
    '--bg': resolveColor(v.header_bg_color, HEADER_THEME.bg),
    '--fg': resolveColor(v.header_text_color, HEADER_THEME.text),
    '--border': resolveColor(v.header_border_color, HEADER_THEME.border),
    '--modal-bg': resolveColor(v.header_modal_bg_color, HEADER_THEME.modalBg),
    '--modal-fg': resolveColor(v.header_modal_text_color, HEADER_THEME.modalText),
  } as CSSProperties;
  const logo = <span className={classes.logo}>{logoUrl ? <img src={imageUrl(logoUrl)} alt="" /> : title}</span>;
  const icon = (node: ReactNode, key: string) => (
    <span key={key} className={classes.icon}>
      {node}
    </span>
  );
  const search = v.header_show_search && icon(<SearchIcon size={18} />, 'search');
  const cart = v.header_show_cart && icon(<CartIcon size={18} />, 'cart');
  const menu = v.header_show_menu && icon(<MenuIcon size={18} />, 'menu');

  // Desktop: the logo in its zone, the icons on their side, the links wherever is left.
  const zones: Record<Zone, ReactNode[]> = { left: [], center: [], right: [] };
  zones[v.header_logo_position].push(<span key="logo">{logo}</span>);
  const nav = (
    <span key="nav" className={classes.nav}>
      <span>{t`Início`}</span>
      <span>{t`Coleções`}</span>
    </span>
  );
  zones[v.header_logo_position === 'center' ? (v.header_icons_position === 'left' ? 'right' : 'left') : 'center'].push(nav);
  const icons = [search, cart].filter(Boolean);
  if (v.header_icons_position === 'left') zones.left.unshift(...icons);
  else zones.right.push(...icons);

  // Phone: each button on its own side, the logo centred.
  const onSide = (side: 'left' | 'right') =>
    [
      [menu, v.header_mobile_menu_position],
      [search, v.header_mobile_search_position],
      [cart, v.header_mobile_cart_position],
    ]
      .filter(([node, pos]) => node && pos === side)
      .map(([node]) => node);
  const mobileBar = (scrolled: boolean) => (
    <div className={`${classes.bar} ${classes.mobile}`} data-scrolled={scrolled}>
      {onSide('left')}
      <span className={classes.centerLogo}>{logo}</span>
      <span className={classes.spacer} />
      {onSide('right')}
    </div>
  );

  return (
    <PreviewFrame summary={<Trans>Desenho aproximado; a loja usa estas escolhas ao recarregar.</Trans>}>
      <Stack gap="md" style={style}>
        <div>
          <PreviewLabel>
            <Trans>Desktop</Trans>
          </PreviewLabel>
          <div className={classes.stage}>
            <div className={classes.bar} data-testid="preview-header">
              {(['left', 'center', 'right'] as const).map((z) => (
                <div key={z} className={classes.zone} data-zone={z}>
                  {zones[z]}
                </div>
              ))}
            </div>
            <div className={classes.content} />
          </div>
        </div>
        <div>
          <PreviewLabel>
            <Trans>Celular</Trans>
          </PreviewLabel>
          <div className={classes.stage} style={{ maxWidth: 300 }}>
            {mobileBar(false)}
            <div className={classes.content} />
          </div>
        </div>
        <div>
          <PreviewLabel>
            {v.header_fixed ? <Trans>Ao rolar: fixo no topo</Trans> : <Trans>Ao rolar: o header sobe com a página</Trans>}
          </PreviewLabel>
          <div className={classes.stage} style={{ maxWidth: 300 }}>
            {v.header_fixed ? mobileBar(v.header_transparent_scroll) : <div className={classes.content} />}
            <div className={classes.content} />
          </div>
        </div>
        <div>
          <PreviewLabel>
            <Trans>Menu no celular</Trans>
          </PreviewLabel>
          <div className={`${classes.stage} ${classes.overlay}`} style={{ maxWidth: 300 }}>
            <div className={classes.menu} data-side={v.header_mobile_menu_position}>
              <strong>{t`Menu`}</strong>
              <span>{t`Início`}</span>
              <span>{t`Coleções`}</span>
            </div>
          </div>
        </div>
      </Stack>
    </PreviewFrame>
  );
}
