import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTRPC } from '../../trpc.ts';
import { useLocked, useSettings } from '../common/hooks.ts';
import { Deferred } from '../common/hydration.tsx';
import { withFreeShipping } from '../free-shipping/free-shipping-bar.ts';
import { LockScreen } from '../lock/LockScreen.tsx';
import { useLocation } from '../router.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { TopBar } from './TopBar.tsx';

/** Shared storefront layout: announcement bar, header, page, footer; or the lock screen. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { i18n } = useLingui();
  const settings = useSettings();
  const locked = useLocked();
  const layout = useQuery({ ...trpc.content.layout.queryOptions(), enabled: !!settings });
  const collections = useQuery({ ...trpc.catalog.collections.queryOptions(), enabled: !!settings });
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    // Spec §2: the page scrolls to the top on every route change; not at hydration, where the
    // shopper may already have scrolled the server-rendered page (or the browser restored a position).
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  if (locked) return <LockScreen />;
  if (!settings) return null;
  return (
    <div style={{ '--primary': settings.site_primary_color, '--accent': settings.site_accent_color } as React.CSSProperties}>
      <a href="#conteudo" className="skip-link">
        {t`Pular para o conteúdo`}
      </a>
      <TopBar items={withFreeShipping(layout.data?.topHeaders ?? [], settings, i18n)} />
      <Header settings={settings} collections={collections.data ?? []} />
      <main id="conteudo" tabIndex={-1} style={{ minHeight: '50vh', outline: 'none' }}>
        <Deferred name="page">{children}</Deferred>
      </main>
      <Deferred name="footer">
        <Footer
          settings={settings}
          sections={layout.data?.footerSections ?? []}
          icons={layout.data?.footerIcons ?? []}
          legal={layout.data?.legal ?? null}
        />
      </Deferred>
    </div>
  );
}
