import { authRouter } from './routers/auth.router.ts';
import { backupRouter } from './routers/backup.router.ts';
import { bannersRouter } from './routers/banners.router.ts';
import { catalogRouter } from './routers/catalog.router.ts';
import { catalogImportRouter } from './routers/catalog-import.router.ts';
import { collectionsRouter } from './routers/collections.router.ts';
import { contentRouter } from './routers/content.router.ts';
import { dashboardRouter } from './routers/dashboard.router.ts';
import { footerRouter } from './routers/footer.router.ts';
import { legalRouter } from './routers/legal.router.ts';
import { locationRouter } from './routers/location.router.ts';
import { mediaRouter } from './routers/media.router.ts';
import { productImagesRouter } from './routers/product-images.router.ts';
import { productsRouter } from './routers/products.router.ts';
import { reviewsRouter } from './routers/reviews.router.ts';
import { settingsRouter } from './routers/settings.router.ts';
import { shopifyRouter } from './routers/shopify.router.ts';
import { storeRouter } from './routers/store.router.ts';
import { topHeadersRouter } from './routers/top-headers.router.ts';
import { whatsappRouter } from './routers/whatsapp.router.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  settings: settingsRouter,
  catalog: catalogRouter,
  collections: collectionsRouter,
  products: productsRouter,
  productImages: productImagesRouter,
  media: mediaRouter,
  content: contentRouter,
  banners: bannersRouter,
  topHeaders: topHeadersRouter,
  footer: footerRouter,
  dashboard: dashboardRouter,
  location: locationRouter,
  store: storeRouter,
  reviews: reviewsRouter,
  backup: backupRouter,
  whatsapp: whatsappRouter,
  legal: legalRouter,
  catalogImport: catalogImportRouter,
  shopify: shopifyRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
