import type { z } from 'zod';
import { MESSAGES } from '../../shared/errors.ts';
import { AppError } from '../../src/errors.ts';

/** Parses legacy input with the operation's shared contract; the first problem becomes `{ error }`. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join('.');
    const missing = issue?.code === 'invalid_type' && issue.input === undefined;
    throw new AppError('BAD_REQUEST', missing ? MESSAGES.fillAllFields : field ? `${field}: ${issue?.message}` : MESSAGES.requestFailed);
  }
  return r.data;
}
