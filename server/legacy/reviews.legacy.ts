import type { FastifyInstance } from 'fastify';
import { ZReviewImportFields, ZReviewListInput } from '../../shared/reviews.ts';
import { importReviews } from '../../src/reviews/import.service.ts';
import { listReviews } from '../../src/reviews/review.service.ts';
import { legacyRoute, params } from './legacy-route.ts';
import { readBody } from './multipart.ts';
import { parseInput } from './parse.ts';

/** /api/reviews/*.php (spec §7 "Other calls"). */
export function reviewsLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/reviews/list.php',
    policy: 'public',
    handler: (ctx, req) => listReviews(ctx, parseInput(ZReviewListInput, params(req)).product_id),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/reviews/import.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields, files } = await readBody(req);
      const { clear_existing } = parseInput(ZReviewImportFields, fields);
      return importReviews(ctx, { file: files.find((f) => f.field === 'csv'), clearExisting: clear_existing });
    },
  });
}
