import { TRPCClientError } from '@trpc/client';
import { MESSAGES } from '../../../shared/errors.ts';

/** What a failed tRPC call tells a form: the spec's message and the input field it is about. */
export type ServerFailure = {
  /** The server's text when it refused the input (4xx); null for network failures and 5xx. */
  message: string | null;
  /** The input the message is about (`site_title`, `label`, `image`, ...), when the server names one. */
  field: string | null;
};

/** Server messages that name no field (the services' own checks), mapped to the form fields they are about. */
export type FieldMessages = Readonly<Record<string, readonly string[]>>;

/** Reads a tRPC error (see server/trpc/trpc.ts: data.field, data.httpStatus). */
export function serverFailure(error: unknown): ServerFailure {
  if (!(error instanceof TRPCClientError)) return { message: null, field: null };
  const data = error.data as { httpStatus?: number; field?: string | null } | undefined;
  const refused = typeof data?.httpStatus === 'number' && data.httpStatus >= 400 && data.httpStatus < 500;
  return { message: refused ? error.message : null, field: refused ? (data?.field ?? null) : null };
}

/** The server's message for a failed call, for a toast (spec §8: the error text, else 'Request failed'). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.requestFailed;
}

/**
 * The refused input's message, by form field: under the field the server names (data.field; a
 * multipart contract's "field: message" loses its field name there) when the form has it, else under
 * the fields `known` gives for that message. Empty when the refusal is about no field of the form.
 */
export function serverFieldErrors(error: unknown, fields: readonly string[], known: FieldMessages = {}): Record<string, string> {
  const { message, field } = serverFailure(error);
  if (!message) return {};
  if (field && fields.includes(field)) {
    const named = `${field}: `;
    return { [field]: message.startsWith(named) ? message.slice(named.length) : message };
  }
  return Object.fromEntries((known[message] ?? []).map((target) => [target, message]));
}

/**
 * Shows a refused input's message in place (see serverFieldErrors); returns whether it did, so the
 * caller can show it elsewhere when not. The one way forms show the server's field errors.
 */
export function showFieldError(
  form: { setFieldError: (path: never, error: string) => void; getValues: () => object },
  error: unknown,
  known: FieldMessages = {},
): boolean {
  const errors = Object.entries(serverFieldErrors(error, Object.keys(form.getValues()), known));
  for (const [path, message] of errors) form.setFieldError(path as never, message);
  return errors.length > 0;
}
