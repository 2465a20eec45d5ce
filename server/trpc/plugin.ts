import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { type AppRouter, appRouter } from './router.ts';
import type { TrpcContext } from './trpc.ts';

/** Mounts the tRPC router at /trpc; every procedure gets the same AppContext as the other adapters. */
export async function trpcRoutes(app: FastifyInstance): Promise<void> {
  // Route-level policies live on each procedure (publicProcedure / adminProcedure).
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), policy: 'public' };
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: 10,
      createContext: async ({ req, res }): Promise<TrpcContext> => ({
        app: await req.appContext(),
        http: { fastify: app, req, reply: res },
      }),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'trpc procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
