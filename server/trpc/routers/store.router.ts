import { ZUnlockInput } from '../../../shared/auth.ts';
import { unlockFlow } from '../../auth/unlock-flow.ts';
import { publicProcedure, requireHttp, router } from '../trpc.ts';

export const storeRouter = router({
  /** The lock screen's 'Desbloquear': a wrong password answers 401 'Senha incorreta'. */
  unlock: publicProcedure.input(ZUnlockInput).mutation(async ({ ctx, input }) => {
    const { fastify, req, reply } = requireHttp(ctx);
    await unlockFlow(fastify, req, reply, input.password);
    return { ok: true, message: 'Loja desbloqueada!' };
  }),
});
