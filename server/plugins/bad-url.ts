import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/errors.ts';
import { isApiPath } from '../ssr/routes.ts';
import { errorBody } from './errors.ts';
import { fixedSecurityHeaders, HSTS } from './security.ts';

/**
 * What a browser shows for a link whose address cannot be decoded (`/produto/%c0%ae`: a link cut
 * or re-encoded on its way through a message or an ad): a page in the shop's words with the way
 * back home, not the JSON the APIs answer. Fastify refuses such a URL before any route runs, so
 * the storefront's own not-found page cannot be rendered for it; this page has no script, style
 * sheet or image of its own. Anything else (an API path, a client that does not ask for HTML)
 * gets the shop's `{ error }`.
 */
const BAD_URL_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${MESSAGES.badUrl}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1 style="font-size:1.5rem">${MESSAGES.badUrl}</h1><p><a href="/">← Voltar para a página inicial</a></p></body></html>`;

/** Fastify's own refusals (`frameworkErrors`), answered in the shop's format. */
export function frameworkRefusal(err: Error & { code?: string }, req: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = errorBody(err);
  const path = (req.raw.url ?? '/').split('?')[0] ?? '/';
  if (err.code === 'FST_ERR_BAD_URL' && (req.raw.method === 'GET' || req.raw.method === 'HEAD') && !isApiPath(path) && acceptsHtml(req)) {
    // The security plugin's hooks do not run for a refusal made before routing: its fixed headers
    // and a policy allowing nothing but the page's inline styles are set here.
    for (const [name, value] of fixedSecurityHeaders()) reply.header(name, value);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    void reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      .send(BAD_URL_PAGE);
    return;
  }
  void reply.code(status).send(body);
}

const acceptsHtml = (req: FastifyRequest) => /\btext\/html\b/.test(req.headers.accept ?? '');
