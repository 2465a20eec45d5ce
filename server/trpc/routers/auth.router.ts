import { z } from 'zod';
import { ZAdminUser, ZChangePasswordInput, ZCreateUserInput, ZDeleteUserInput, ZLoginInput, ZMe } from '../../../shared/auth.ts';
import { changePassword, createUser, deleteUser, listUsers, me } from '../../../src/auth/auth.service.ts';
import { loginFlow, logoutFlow } from '../../auth/login-flow.ts';
import { adminProcedure, publicProcedure, requireHttp, router } from '../trpc.ts';

export const authRouter = router({
  me: publicProcedure.output(ZMe).query(({ ctx }) => me(ctx.app)),
  login: publicProcedure
    .input(ZLoginInput)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const { fastify, req, reply } = requireHttp(ctx);
      const user = await loginFlow(fastify, req, reply, input);
      return { authenticated: true, is_admin: user.isAdmin, username: user.username };
    }),
  logout: publicProcedure.mutation(async ({ ctx }) => {
    const { req, reply } = requireHttp(ctx);
    await logoutFlow(req, reply);
    return { ok: true };
  }),
  changePassword: adminProcedure.input(ZChangePasswordInput).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.app, input);
    return { ok: true };
  }),
  listUsers: adminProcedure.output(z.array(ZAdminUser)).query(({ ctx }) => listUsers(ctx.app)),
  createUser: adminProcedure
    .input(ZCreateUserInput)
    .mutation(async ({ ctx, input }) => ({ ok: true, id: await createUser(ctx.app, input) })),
  deleteUser: adminProcedure.input(ZDeleteUserInput).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx.app, input.id);
    return { ok: true };
  }),
});
