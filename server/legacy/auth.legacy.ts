import type { FastifyInstance } from 'fastify';
import { ZChangePasswordInput, ZCreateUserInput, ZDeleteUserInput, ZLoginInput } from '../../shared/auth.ts';
import { ERROR_STATUS } from '../../shared/errors.ts';
import { changePassword, createUser, deleteUser, listUsers, me } from '../../src/auth/auth.service.ts';
import { isAppError } from '../../src/errors.ts';
import { loginFlow, logoutFlow } from '../auth/login-flow.ts';
import { parseInput } from '../input/parse.ts';
import { legacyRoute, params } from './legacy-route.ts';

type Handler = Parameters<typeof legacyRoute>[1]['handler'];

/**
 * Spec §8 "User errors": the earlier admin read the code itself in `error` (username_exists,
 * invalid_username, cannot_delete_self, wrong_password), so these answer
 * `{ error: code, message: '<Portuguese>' }`; every other failure keeps `{ error: '<Portuguese>' }`.
 */
const withUserErrorCodes =
  (handler: Handler): Handler =>
  async (ctx, req, reply) => {
    try {
      return await handler(ctx, req, reply);
    } catch (e) {
      if (!isAppError(e) || !e.code) throw e;
      reply.code(ERROR_STATUS[e.kind]);
      return { error: e.code, message: e.message };
    }
  };

/** /auth/*.php (spec §7 "Auth"). */
export function authLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'POST',
    url: '/auth/login.php',
    policy: 'public',
    handler: async (_ctx, req, reply) => {
      const user = await loginFlow(app, req, reply, parseInput(ZLoginInput, params(req)));
      return { ok: true, authenticated: true, is_admin: user.isAdmin, username: user.username };
    },
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/auth/logout.php',
    policy: 'public',
    handler: async (_ctx, req, reply) => {
      await logoutFlow(req, reply);
      return { ok: true };
    },
  });
  legacyRoute(app, { method: 'GET', url: '/auth/me.php', policy: 'public', handler: async (ctx) => me(ctx) });
  legacyRoute(app, {
    method: 'POST',
    url: '/auth/change_password.php',
    policy: 'admin',
    handler: withUserErrorCodes(async (ctx, req) => {
      await changePassword(ctx, parseInput(ZChangePasswordInput, params(req)));
      return { ok: true, message: 'Senha alterada com sucesso!' };
    }),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/auth/create_user.php',
    policy: 'admin',
    handler: withUserErrorCodes(async (ctx, req) => {
      const id = await createUser(ctx, parseInput(ZCreateUserInput, params(req)));
      return { ok: true, id, message: 'Usuário criado com sucesso!' };
    }),
  });
  legacyRoute(app, { method: 'GET', url: '/auth/list_users.php', policy: 'admin', handler: async (ctx) => listUsers(ctx) });
  legacyRoute(app, {
    method: 'POST',
    url: '/auth/delete_user.php',
    policy: 'admin',
    handler: withUserErrorCodes(async (ctx, req) => {
      await deleteUser(ctx, parseInput(ZDeleteUserInput, params(req)).id);
      return { ok: true, message: 'Usuário deletado com sucesso!' };
    }),
  });
}
