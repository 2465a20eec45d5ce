import type { FastifyInstance } from 'fastify';
import { ZReviewImportFields, ZReviewListInput } from '../../shared/reviews.ts';
import { importReviews } from '../../src/reviews/import.service.ts';
import { listReviews } from '../../src/reviews/review.service.ts';
import { readRequestForm } from '../input/form.ts';
import { parseInput } from '../input/parse.ts';
import { byProductInput } from '../public-cache/tags.ts';
import { legacyRoute, params } from './legacy-route.ts';

/** /api/reviews/*.php (spec §7 "Other calls"). */
export function reviewsLegacy(app: FastifyInstance): void {
  legacyRoute(app, {
    method: 'GET',
    url: '/api/reviews/list.php',
    policy: 'public',
    cached: true,
    cacheQuery: Object.keys(ZReviewListInput.shape),
    tags: (req) => byProductInput(params(req)),
    handler: (ctx, req) => listReviews(ctx, parseInput(ZReviewListInput, params(req)).product_id),
  });
  legacyRoute(app, {
    method: 'POST',
    url: '/api/reviews/import.php',
    policy: 'admin',
    handler: async (ctx, req) => {
      const { fields, files } = await readRequestForm(req);
      const { clear_existing } = parseInput(ZReviewImportFields, fields);
      return importReviews(ctx, { file: files.find((f) => f.field === 'csv'), clearExisting: clear_existing });
    },
  });
}
