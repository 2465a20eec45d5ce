import type { FastifyRequest } from 'fastify';
import type { Upload } from '../../src/media/media.service.ts';

export type MultipartBody = { fields: Record<string, string>; files: (Upload & { field: string })[] };

/**
 * Reads a multipart body fully: text fields and files (in memory, each capped by the multipart
 * size limit; a file cut at the limit is marked truncated so the service refuses it). Non-multipart
 * bodies (JSON, form) are returned as fields so every caller gets one shape.
 */
export async function readBody(req: FastifyRequest): Promise<MultipartBody> {
  if (!req.isMultipart()) {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (v !== undefined && v !== null) fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
    return { fields, files: [] };
  }
  const fields: Record<string, string> = {};
  const files: MultipartBody['files'] = [];
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!part.filename && data.length === 0) continue; // an empty file input
      files.push({ field: part.fieldname.replace(/\[\]$/, ''), filename: part.filename, data, truncated: part.file.truncated });
    } else if (typeof part.value === 'string' && part.fieldname !== '__proto__') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
