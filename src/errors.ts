import type { ErrorKind, UserErrorCode } from '../shared/errors.ts';

/**
 * The one error type services throw. `kind` decides the HTTP/tRPC status (mapped once per
 * transport), `message` is the spec's text shown to the user, `code` is the spec's user error
 * code where one exists (username_exists, wrong_password, ...).
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: UserErrorCode | undefined;

  constructor(kind: ErrorKind, message: string, code?: UserErrorCode) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
