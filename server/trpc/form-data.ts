import { LIMITS } from '../../shared/limits.ts';
import type { MultipartBody } from '../legacy/multipart.ts';

/**
 * Reads a FormData mutation input into the same shape the legacy multipart reader produces:
 * text fields, and files in memory. A file over the size limit is not read; it is marked
 * truncated so the media service refuses it with the spec's message.
 */
export async function readForm(form: FormData): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  const files: MultipartBody['files'] = [];
  for (const [key, value] of form.entries()) {
    if (key === '__proto__') continue;
    if (typeof value === 'string') {
      fields[key] = value;
      continue;
    }
    if (!value.name && value.size === 0) continue; // an empty file input
    const tooBig = value.size > LIMITS.galleryMaxBytes;
    files.push({
      field: key.replace(/\[\]$/, ''),
      filename: value.name,
      data: tooBig ? Buffer.alloc(0) : Buffer.from(await value.arrayBuffer()),
      truncated: tooBig,
    });
  }
  return { fields, files };
}
