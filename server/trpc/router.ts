import { authRouter } from './routers/auth.router.ts';
import { catalogRouter } from './routers/catalog.router.ts';
import { collectionsRouter } from './routers/collections.router.ts';
import { contentRouter } from './routers/content.router.ts';
import { dashboardRouter } from './routers/dashboard.router.ts';
import { settingsRouter } from './routers/settings.router.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  settings: settingsRouter,
  catalog: catalogRouter,
  collections: collectionsRouter,
  content: contentRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
