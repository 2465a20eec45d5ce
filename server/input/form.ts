import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import { AppError } from '../../src/errors.ts';
import { type Upload, uploadCancelled, uploadSize } from '../../src/media/media.service.ts';
import { stagedFileOf } from './staged-form.ts';

export type FormFile = Upload & { field: string };
export type FormBody = { fields: Record<string, unknown>; files: FormFile[] };

const fieldName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * A legacy request's input in one shape, whatever its body: `?query` merged with the JSON, form or
 * multipart fields (the body wins; JSON keeps its types), and the files streamed to the request's
 * staging area on disk (src/media/staging.ts: the server never holds their bytes). A file cut at
 * the size limit is marked truncated so the media service refuses it with the spec's message.
 */
/**
 * A file part streamed to the request's staging area; read in memory only where there is none
 * (a multipart request the upload gate did not take in: it always does).
 */
async function stagedOrRead(req: FastifyRequest, file: Readable & { truncated?: boolean }, filename: string): Promise<Upload> {
  if (req.uploadStaging) return req.uploadStaging.stage(file, filename);
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return { filename, data: Buffer.concat(chunks), truncated: file.truncated === true };
}

export async function readRequestForm(req: FastifyRequest): Promise<FormBody> {
  const query = { ...(req.query as Record<string, unknown>) };
  if (!req.isMultipart()) {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    return { fields: { ...query, ...body }, files: [] };
  }
  const fields: Record<string, unknown> = query;
  const files: FormFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const file = await stagedOrRead(req, part.file, part.filename);
        if (!part.filename && uploadSize(file) === 0) {
          if ('path' in file) await file.staging.remove(file.path);
          continue; // an empty file input
        }
        files.push({ field: fieldName(part.fieldname), ...file });
      } else if (typeof part.value === 'string' && part.fieldname !== '__proto__') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', CATALOG_MESSAGES.tooManyImages);
    if (e instanceof AppError || (e as { statusCode?: number }).statusCode === 413) throw e;
    if (req.uploadSignal?.aborted) throw uploadCancelled();
    // Only the multipart parser runs in this loop: whatever it throws (no boundary, a cut body,
    // broken headers) is a malformed request, not a server fault.
    throw new AppError('BAD_REQUEST', MESSAGES.badMultipart);
  }
  return { fields, files };
}

/** The same shape from a tRPC FormData input; files over the limit are not even read (nor are staged ones). */
export async function readFormData(form: FormData): Promise<FormBody> {
  const fields: Record<string, unknown> = {};
  const files: FormFile[] = [];
  for (const [key, value] of form.entries()) {
    if (key === '__proto__') continue;
    if (typeof value === 'string') {
      fields[key] = value;
      continue;
    }
    if (!value.name && value.size === 0) continue;
    if (files.length >= LIMITS.galleryMaxFiles) throw new AppError('BAD_REQUEST', CATALOG_MESSAGES.tooManyImages);
    // Staged on disk as it arrived (server/input/staged-form.ts): handed on by path, never read here.
    const staged = stagedFileOf(value);
    if (staged) {
      files.push({ field: fieldName(key), ...staged });
      continue;
    }
    const tooBig = value.size > LIMITS.galleryMaxBytes;
    files.push({
      field: fieldName(key),
      filename: value.name,
      data: tooBig ? Buffer.alloc(0) : Buffer.from(await value.arrayBuffer()),
      truncated: tooBig,
    });
  }
  return { fields, files };
}
