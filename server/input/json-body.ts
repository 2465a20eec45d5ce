import type { FastifyInstance } from 'fastify';
import { AppError } from '../../src/errors.ts';
import { jsonRefusal } from './json-guard.ts';

/**
 * JSON bodies outside tRPC: Fastify's own parser (prototype poisoning refused, see buildApp), after
 * the same depth and prototype checks the tRPC input gets (trpc/plugin.ts), so a deeply nested body
 * is refused with 400 before anything walks it.
 */
export function guardJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const refusal = typeof body === 'string' ? jsonRefusal(body) : null;
    if (refusal) return done(new AppError('BAD_REQUEST', refusal), undefined);
    return parse(req, body as string, done);
  });
}
