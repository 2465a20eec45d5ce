import { TRPCClientError } from '@trpc/client';

/** What a failed tRPC call tells a form: the spec's message and the input field it is about. */
export type ServerFailure = {
  /** The server's text when it refused the input (4xx); null for network failures and 5xx. */
  message: string | null;
  /** The input the message is about (`site_title`, `label`, `image`, ...), when the server names one. */
  field: string | null;
};

/** Reads a tRPC error (see server/trpc/trpc.ts: data.field, data.httpStatus). */
export function serverFailure(error: unknown): ServerFailure {
  if (!(error instanceof TRPCClientError)) return { message: null, field: null };
  const data = error.data as { httpStatus?: number; field?: string | null } | undefined;
  const refused = typeof data?.httpStatus === 'number' && data.httpStatus >= 400 && data.httpStatus < 500;
  return { message: refused ? error.message : null, field: refused ? (data?.field ?? null) : null };
}

/**
 * Shows a refused input's message under its field when the form has that field; returns whether it
 * did. `aliases` maps server field names to form paths when they differ.
 */
export function showFieldError(
  form: { setFieldError: (path: never, error: string) => void; getValues: () => object },
  error: unknown,
  aliases: Record<string, string> = {},
): boolean {
  const { message, field } = serverFailure(error);
  if (!message || !field) return false;
  const path = aliases[field] ?? field;
  if (!(path in form.getValues())) return false;
  form.setFieldError(path as never, message);
  return true;
}
