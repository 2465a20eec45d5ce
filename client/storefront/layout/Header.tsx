import { useLingui } from '@lingui/react/macro';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { CollectionDto } from '../../../shared/catalog.ts';
import { IMAGE_SIZES } from '../../../shared/image-variants.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { Settings } from '../../../shared/settings.ts';
import { collectionLabel } from '../common/collection-label.ts';
import { MenuIcon } from '../common/icons.tsx';
import { useKeptContent } from '../common/kept-markup.ts';
import { onDemand } from '../common/on-demand.tsx';
import { ResponsiveImage } from '../common/ResponsiveImage.tsx';
import { followLink, Link } from '../router.tsx';
import { SearchButton } from '../search/SearchButton.tsx';
import { CartButton } from '../shopify/CartButton.tsx';
import classes from './Header.module.css';
import type { MenuOpener } from './MobileMenu.tsx';

/** The mobile menu is not part of the page's first JavaScript (common/on-demand.tsx). */
const menuPanel = onDemand(() => import('./MobileMenu.tsx').then((m) => m.MobileMenu), 'Falha ao carregar o menu');

const color = (v: string, fallback: string) => (v && v !== 'default' ? v : fallback);

/**
 * Main header: logo, desktop nav (home and the first LIMITS.headerNavCollections collections, then
 * 'Todas as coleções', which opens the menu with all of them), search, cart and (mobile) menu buttons.
 */
export function Header({ settings, collections }: { settings: Settings; collections: CollectionDto[] }) {
  const { t, i18n } = useLingui();
  const [scrolled, setScrolled] = useState(false);
  // Open, from the menu button or the desktop nav ('Todas as coleções'): MobileMenu slides in from that side.
  const [menuFrom, setMenuFrom] = useState<MenuOpener | null>(null);
  const closeMenu = useCallback(() => setMenuFrom(null), []);
  // One component for as long as the menu is open: the code arriving during it must not start it over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen again at each open and close
  const Menu = useMemo(() => menuPanel.current(), [!menuFrom]);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > LIMITS.scrolledHeaderThresholdPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const transparent = settings.header_transparent_scroll && scrolled;
  const style = {
    '--header-bg': color(settings.header_bg_color, '#ffffff'),
    '--header-fg': color(settings.header_text_color, '#1d2433'),
    '--header-border': color(settings.header_border_color, '#e9ecef'),
  } as React.CSSProperties;
  const side = (pos: string) => (pos === 'left' ? classes.left : classes.right);
  const active = collections.filter((c) => c.active);
  const inNav = active.slice(0, LIMITS.headerNavCollections);

  const search = settings.header_show_search && (
    <SearchButton className={`${classes.icon} ${side(settings.header_mobile_search_position)}`} />
  );
  const cart = settings.header_show_cart && <CartButton className={`${classes.icon} ${side(settings.header_mobile_cart_position)}`} />;
  const menu = settings.header_show_menu && (
    <button
      type="button"
      className={`${classes.icon} ${classes.menu} ${side(settings.header_mobile_menu_position)}`}
      aria-label={t`Menu`}
      onPointerEnter={menuPanel.preload}
      onPointerDown={menuPanel.preload}
      onFocus={menuPanel.preload}
      onClick={() => setMenuFrom('button')}
    >
      <MenuIcon />
    </button>
  );

  const content = (
    <>
      <div className={classes.inner}>
        {menu}
        <Link to="/" className={classes.logo} data-position={settings.header_logo_position}>
          {settings.logo_url ? (
            <ResponsiveImage src={settings.logo_url} alt={settings.site_title} height={40} sizes={IMAGE_SIZES.logo} />
          ) : (
            <span className={classes.title}>{settings.site_title}</span>
          )}
        </Link>
        <nav className={classes.nav} aria-label={t`Navegação principal`}>
          <a href="/" onClick={followLink}>
            {t`Início`}
          </a>
          {inNav.map((c) => (
            <a key={c.id} href={`/colecao/${c.slug}`} onClick={followLink}>
              {collectionLabel(i18n, c)}
            </a>
          ))}
          {active.length > inNav.length && (
            <button
              type="button"
              className={classes.navMore}
              aria-haspopup="dialog"
              onPointerEnter={menuPanel.preload}
              onPointerDown={menuPanel.preload}
              onFocus={menuPanel.preload}
              onClick={() => setMenuFrom('nav')}
            >
              {t`Todas as coleções`}
            </button>
          )}
        </nav>
        <span className={classes.spacer} />
        {search}
        {cart}
      </div>
      {menuFrom && (
        <Suspense fallback={null}>
          <Menu onClose={closeMenu} collections={active} settings={settings} from={menuFrom} />
        </Suspense>
      )}
    </>
  );
  // The same for every page with these settings and collections (common/kept-markup.ts).
  const kept = useKeptContent('header', [settings, collections, i18n.locale], content);
  return <header className={classes.header} data-fixed={settings.header_fixed} data-scrolled={transparent} style={style} {...kept} />;
}
