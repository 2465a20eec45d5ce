import type { RestoreResult } from '../../../shared/backup.ts';

/** Where the upload stands: the share of the file sent (0–1), then the server's work. */
export type UploadProgress = { sent: number; done: boolean };

/**
 * Sends an archive as the raw body of POST /admin-api/backup/restore, reporting the upload's
 * progress (fetch cannot), and resolves with the server's answer or rejects with its `error` text.
 * Same-origin, with the session cookie: the browser marks it so, as the server's CSRF check wants.
 */
export function uploadArchive(file: File, onProgress: (p: UploadProgress) => void, fallback: string): Promise<RestoreResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/admin-api/backup/restore');
    xhr.setRequestHeader('content-type', 'application/gzip');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ sent: e.loaded / e.total, done: false });
    };
    xhr.upload.onload = () => onProgress({ sent: 1, done: true });
    xhr.onload = () => {
      let body: { error?: string } & Partial<RestoreResult> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 200 && body.ok) resolve(body as RestoreResult);
      else reject(new Error(xhr.status >= 400 && xhr.status < 500 && body.error ? body.error : fallback));
    };
    xhr.onerror = () => reject(new Error(fallback));
    xhr.send(file);
  });
}
