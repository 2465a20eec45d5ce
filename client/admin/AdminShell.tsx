import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, AppShell, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Route, Routes, useLocation } from 'react-router';
import { LIMITS } from '../../shared/limits.ts';
import { useTRPC } from '../trpc.ts';
import { BackupPage } from './backup/BackupPage.tsx';
import { BannersPage } from './banners/BannersPage.tsx';
import { CatalogImportPage } from './catalog-import/CatalogImportPage.tsx';
import { CollectionsPage } from './collections/CollectionsPage.tsx';
import adminText from './common/admin-text.module.css';
import { useNotify } from './common/notify.ts';
import { Dashboard } from './Dashboard.tsx';
import { FooterPage } from './footer/FooterPage.tsx';
import { FreeShippingPage } from './free-shipping/FreeShippingPage.tsx';
import { HeaderPage } from './header/HeaderPage.tsx';
import { LanguagePage } from './LanguagePage.tsx';
import { LegalInfoPage } from './legal/LegalInfoPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PaymentPage } from './payment/PaymentPage.tsx';
import { ProductOrderPage } from './product-order/ProductOrderPage.tsx';
import { ProductsPage } from './products/ProductsPage.tsx';
import { ReviewsPage } from './reviews/ReviewsPage.tsx';
import { ScreenError } from './ScreenError.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';
import { ShopifyPage } from './shopify/ShopifyPage.tsx';
import { ShopifyImportPage } from './shopify-import/ShopifyImportPage.tsx';
import { TopHeadersPage } from './top-headers/TopHeadersPage.tsx';
import { TrackingPage } from './tracking/TrackingPage.tsx';
import { UsersPage } from './UsersPage.tsx';
import { WhatsAppPage } from './whatsapp/WhatsAppPage.tsx';

/** The signed-in panel: header (sidebar toggle, theme, 'Ver Loja', 'Sair') and sidebar (spec §2). */
export function AdminShell({ username }: { username: string }) {
  const { t } = useLingui();
  const notify = useNotify();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const narrow = useMediaQuery(`(max-width: ${LIMITS.sidebarCollapseBreakpointPx - 1}px)`, undefined, { getInitialValueInEffect: false });
  const settings = useQuery(trpc.settings.admin.queryOptions());
  const dark = settings.data?.admin_theme === 'dark';
  const goiano = settings.data?.goiano_theme_active === true;
  const { pathname } = useLocation();
  const sections = [
    { path: '/admin', label: t`Dashboard` },
    { path: '/admin/usuarios', label: t`Usuários` },
    { path: '/admin/configuracoes', label: t`Configurações` },
    { path: '/admin/idioma', label: t`Idioma e Moeda` },
    { path: '/admin/header', label: t`Header` },
    { path: '/admin/shopify', label: t`Shopify` },
    { path: '/admin/shopify/importar', label: t`Importar da Shopify` },
    { path: '/admin/pagamento', label: t`Pagamento e parcelamento` },
    { path: '/admin/whatsapp', label: t`WhatsApp` },
    { path: '/admin/cookies', label: t`Cookies e rastreamento` },
    { path: '/admin/frete-gratis', label: t`Frete grátis` },
    { path: '/admin/informacoes-legais', label: t`Informações legais` },
    { path: '/admin/top-headers', label: t`Top Headers` },
    { path: '/admin/banners', label: t`Banners` },
    { path: '/admin/colecoes', label: t`Coleções` },
    { path: '/admin/produtos', label: t`Produtos` },
    { path: '/admin/organizar-produtos', label: t`Organizar Produtos` },
    { path: '/admin/importar', label: t`Importar / Exportar` },
    { path: '/admin/footer', label: t`Footer` },
    { path: '/admin/avaliacoes', label: t`Avaliações` },
    { path: '/admin/backup', label: t`Backup` },
  ];

  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        queryClient.clear();
        window.location.assign('/');
      },
    }),
  );
  const theme = useMutation(
    trpc.settings.update.mutationOptions({
      onMutate: async (input) => {
        const key = trpc.settings.admin.queryKey();
        const previous = queryClient.getQueryData(key);
        if (previous) queryClient.setQueryData(key, { ...previous, admin_theme: input.admin_theme as 'dark' | 'light' });
        return { previous };
      },
      onError: (_e, _v, context) => {
        // Spec §4: on failure the previous theme is restored.
        if (context?.previous) queryClient.setQueryData(trpc.settings.admin.queryKey(), context.previous);
        notify.error({ title: t`Erro`, message: t`Falha ao salvar configurações.` });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.settings.admin.queryKey() }),
    }),
  );

  const themeLabel = dark ? t`Modo Claro` : t`Modo Escuro`;
  const toggleTheme = () => theme.mutate({ admin_theme: dark ? 'light' : 'dark' });

  return (
    <AppShell
      className={adminText.scope}
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: LIMITS.sidebarCollapseBreakpointPx, collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {narrow && <Burger opened={opened} onClick={toggle} size="sm" aria-label={t`Alternar menu`} />}
            <Title order={4} style={{ whiteSpace: 'nowrap' }}>
              {goiano ? 'GOIANO Painel' : t`Admin Panel`}
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" size="xs" visibleFrom="sm" onClick={toggleTheme}>
              {themeLabel}
            </Button>
            <ActionIcon variant="subtle" hiddenFrom="sm" onClick={toggleTheme} aria-label={themeLabel} title={themeLabel}>
              {dark ? '☀' : '☾'}
            </ActionIcon>
            <Button component="a" href="/" variant="light" size="xs">
              <Trans>Ver Loja</Trans>
            </Button>
            <Button variant="outline" color="red" size="xs" onClick={() => logout.mutate()} loading={logout.isPending}>
              <Trans>Sair</Trans>
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <Text size="xs" px="sm" pb="xs" fw={500}>
          {username}
        </Text>
        {sections.map((section) => (
          <NavLink
            key={section.path}
            component={Link}
            to={section.path}
            label={section.label}
            active={pathname.replace(/\/$/, '') === section.path}
            aria-current={pathname.replace(/\/$/, '') === section.path ? 'page' : undefined}
            onClick={() => {
              // Spec §2: the sidebar collapses after a choice on screens narrower than 1024 px.
              if (narrow) close();
            }}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <ScreenError key={pathname}>
          <Routes>
            <Route path="/admin/usuarios" element={<UsersPage me={username} />} />
            <Route path="/admin/idioma" element={<LanguagePage />} />
            <Route path="/admin/configuracoes" element={<SettingsPage />} />
            <Route path="/admin/header" element={<HeaderPage />} />
            <Route path="/admin/shopify" element={<ShopifyPage />} />
            <Route path="/admin/shopify/importar" element={<ShopifyImportPage />} />
            <Route path="/admin/pagamento" element={<PaymentPage />} />
            <Route path="/admin/whatsapp" element={<WhatsAppPage />} />
            <Route path="/admin/cookies" element={<TrackingPage />} />
            <Route path="/admin/frete-gratis" element={<FreeShippingPage />} />
            <Route path="/admin/informacoes-legais" element={<LegalInfoPage />} />
            <Route path="/admin/top-headers" element={<TopHeadersPage />} />
            <Route path="/admin/banners" element={<BannersPage />} />
            <Route path="/admin/colecoes" element={<CollectionsPage />} />
            <Route path="/admin/produtos" element={<ProductsPage />} />
            <Route path="/admin/organizar-produtos" element={<ProductOrderPage />} />
            <Route path="/admin/footer" element={<FooterPage />} />
            <Route path="/admin/avaliacoes" element={<ReviewsPage />} />
            <Route path="/admin/backup" element={<BackupPage />} />
            <Route path="/admin/importar" element={<CatalogImportPage />} />
            <Route path="/admin" element={<Dashboard />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </ScreenError>
      </AppShell.Main>
    </AppShell>
  );
}
