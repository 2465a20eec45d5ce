import { MESSAGES } from '../../../shared/errors.ts';

/** The server's message for a failed call (spec §8: the error text, else 'Request failed'). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.requestFailed;
}

/**
 * Field errors from a server message, to show in place: "field: message" (how the server names a
 * field its contract refused) when `field` belongs to the form, or one of the `known` messages the
 * services answer for given fields. Empty when the message is about no field in particular.
 */
export function serverFieldErrors(
  error: unknown,
  fields: readonly string[],
  known: Readonly<Record<string, readonly string[]>> = {},
): Record<string, string> {
  const message = errorMessage(error);
  const named = /^([a-z_]+): (.+)$/s.exec(message);
  if (named?.[1] && named[2] && fields.includes(named[1])) return { [named[1]]: named[2] };
  const targets = known[message] ?? [];
  return Object.fromEntries(targets.map((field) => [field, message]));
}
