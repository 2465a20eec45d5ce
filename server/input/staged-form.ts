import { openAsBlob } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import type { FastifyRequest } from 'fastify';
import { CATALOG_MESSAGES } from '../../shared/catalog.ts';
import { MESSAGES } from '../../shared/errors.ts';
import { LIMITS } from '../../shared/limits.ts';
import { AppError, isAppError } from '../../src/errors.ts';
import { type FileUpload, type UploadStaging, uploadCancelled } from '../../src/media/staging.ts';

/** Files of a staged FormData (`stageFormData`) and where each is on disk; `readFormData` hands these on. */
const stagedFiles = new WeakMap<Blob, FileUpload>();

/** The staged file behind a File of `stageFormData`'s FormData, if it is one. */
export const stagedFileOf = (file: Blob): FileUpload | undefined => stagedFiles.get(file);

/** A multipart body (what tRPC reads with `formData()`). */
export const isMultipartRequest = (req: FastifyRequest): boolean => /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');

/** A text field longer than this refuses the request (413): the form's fields are small, the files are what is large. */
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 1000;

/**
 * A tRPC upload's multipart body read as it arrives, its files streamed to the request's staging
 * area (src/media/staging.ts) instead of the whole body and every file being held in memory (as
 * the Fetch API's `formData()` does). Answers the FormData the upload procedures take, whose files
 * are backed by the staged files on disk (`stagedFileOf` finds them). The limits are the legacy
 * routes': 5 MB a file (cut and marked truncated, refused by the media service with the spec's
 * message naming the file), 10 files ('Máximo de 10 imagens por envio').
 */
export function stageFormData(raw: IncomingMessage, staging: UploadStaging): Promise<FormData> {
  return new Promise((resolve, reject) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({
        headers: raw.headers as BusboyHeaders,
        limits: {
          fileSize: LIMITS.galleryMaxBytes,
          files: LIMITS.galleryMaxFiles,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: MAX_FIELDS + LIMITS.galleryMaxFiles,
        },
      });
    } catch {
      reject(new AppError('BAD_REQUEST', MESSAGES.badMultipart));
      return;
    }
    // Entries in the order they came (a gallery's order is its files'), files once staged.
    const entries: Promise<[string, string | File] | null>[] = [];
    let failed = false;
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      raw.unpipe(parser);
      raw.resume(); // the rest of the body is read and dropped, so the answer can go
      reject(staging.closed ? uploadCancelled() : isAppError(e) ? e : new AppError('BAD_REQUEST', MESSAGES.badMultipart));
    };
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) return fail(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge));
      if (name !== '__proto__') entries.push(Promise.resolve([name, value]));
    });
    parser.on('file', (name, stream, filename) => {
      if (failed) {
        stream.resume();
        return;
      }
      entries.push(
        staging.stage(stream, filename).then(
          async (file): Promise<[string, File]> => {
            // The File is backed by the staged file (nothing read now); a truncated one was not kept.
            const blob = file.truncated || file.size === 0 ? new Blob([]) : await openAsBlob(file.path);
            const entry = new File([blob], filename);
            stagedFiles.set(entry, file);
            return [name, entry];
          },
          (e: unknown) => {
            fail(e);
            return null;
          },
        ),
      );
    });
    parser.on('filesLimit', () => fail(new AppError('BAD_REQUEST', CATALOG_MESSAGES.tooManyImages)));
    parser.on('fieldsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge)));
    parser.on('partsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge)));
    parser.on('error', fail);
    parser.on('finish', () => {
      Promise.all(entries).then((all) => {
        if (failed) return;
        const form = new FormData();
        for (const entry of all) if (entry) form.append(entry[0], entry[1]);
        resolve(form);
      }, fail);
    });
    raw.on('aborted', () => fail(uploadCancelled()));
    raw.on('error', fail);
    raw.pipe(parser);
  });
}
