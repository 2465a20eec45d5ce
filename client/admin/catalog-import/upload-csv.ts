import type { CsvDryRun } from '../../../shared/catalog-import.ts';

/**
 * Sends a product CSV as the raw body of POST /admin-api/catalog/import.csv (its name in
 * X-File-Name) and resolves with the dry run, or rejects with the server's `error` text.
 * Same-origin, with the session cookie, as the server's CSRF check wants.
 */
export async function uploadCsv(file: File, fallback: string): Promise<CsvDryRun> {
  let res: Response;
  try {
    res = await fetch('/admin-api/catalog/import.csv', {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'x-file-name': encodeURIComponent(file.name) },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new Error(fallback);
  }
  let body: { error?: string } & Partial<CsvDryRun> = {};
  try {
    body = await res.json();
  } catch {}
  if (res.ok && body.ok) return body as CsvDryRun;
  throw new Error(res.status >= 400 && res.status < 500 && body.error ? body.error : fallback);
}
