import type { ErrorKind, UserErrorCode } from '../shared/errors.ts';

/**
 * The one error type services throw. `kind` decides the HTTP/tRPC status (mapped once per
 * transport), `message` is the spec's text shown to the user, `code` is the spec's user error
 * code where one exists (username_exists, wrong_password, ...), `field` names the input field the
 * message is about (`site_title`, `label`, `image`, ...) so a form can show it in place.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: UserErrorCode | undefined;
  readonly field: string | undefined;

  constructor(kind: ErrorKind, message: string, code?: UserErrorCode, field?: string) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.field = field;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** The same error about `field` (when it names none yet); anything else is returned unchanged. */
export function onField(e: unknown, field: string): unknown {
  return isAppError(e) && !e.field ? new AppError(e.kind, e.message, e.code, field) : e;
}
