/** Form fields as a browser sends them: every value becomes text. */
export type FormFields = Record<string, string | number>;
/** One file part; `type` is the Content-Type the client claims (PNG unless said otherwise). */
export type FileSpec = { field: string; name: string; data: Buffer | string; type?: string };
/** A multipart body ready for app.inject: the payload and its content-type header. */
export type MultipartBody = { payload: Buffer; headers: { 'content-type': string } };

/** The same form as a FormData, as a browser sends it (the tRPC upload procedures, over real HTTP). */
export function formData(fields: FormFields, files: FileSpec[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  for (const f of files) {
    const data = typeof f.data === 'string' ? f.data : new Uint8Array(f.data);
    form.append(f.field, new File([data], f.name, { type: f.type ?? 'image/png' }));
  }
  return form;
}

/** A multipart body as a third party's form would send it, written byte by byte (the legacy routes). */
export function multipart(fields: FormFields, files: FileSpec[] = []): MultipartBody {
  const boundary = '----shoptest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
