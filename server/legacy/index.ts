import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/limits.ts';
import { authLegacy } from './auth.legacy.ts';
import { collectionsLegacy } from './collections.legacy.ts';
import { contentLegacy } from './content.legacy.ts';
import { locationLegacy } from './location.legacy.ts';
import { productImagesLegacy } from './product-images.legacy.ts';
import { productsLegacy } from './products.legacy.ts';
import { reviewsLegacy } from './reviews.legacy.ts';
import { settingsLegacy } from './settings.legacy.ts';
import { uploadLegacy } from './upload.legacy.ts';

/**
 * The frozen `.php` URL contract (see README.md here). Form and multipart parsing are registered
 * only in this scope: tRPC takes JSON alone.
 */
export async function legacyRoutes(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(multipart, {
    // An oversize file is cut at the limit and marked truncated; the media service then refuses it
    // with the spec's message, naming the file.
    throwFileSizeLimit: false,
    limits: {
      fileSize: LIMITS.galleryMaxBytes,
      files: LIMITS.galleryMaxFiles,
      fields: 200,
      fieldSize: 64 * 1024,
      parts: 250,
    },
  });
  authLegacy(app);
  settingsLegacy(app);
  collectionsLegacy(app);
  productsLegacy(app);
  productImagesLegacy(app);
  uploadLegacy(app);
  contentLegacy(app);
  locationLegacy(app);
  reviewsLegacy(app);
}
