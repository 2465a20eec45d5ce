import type { z } from 'zod';
import { MESSAGES, type UserErrorCode } from '../../shared/errors.ts';
import { AppError } from '../../src/errors.ts';

/** The spec's user error code a schema attached to its refusal (`params: { appCode }`), as for invalid_username. */
export function issueAppCode(issue: z.core.$ZodIssue | undefined): UserErrorCode | undefined {
  const params = issue && 'params' in issue ? (issue.params as { appCode?: UserErrorCode } | undefined) : undefined;
  return params?.appCode;
}

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  return v;
}

/**
 * Parses input with the operation's shared contract (zod speaks Portuguese here, see
 * shared/zod-locale.ts). A missing field answers the spec's 'Preencha todos os campos'; any other
 * problem names the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (!issue) throw new AppError('BAD_REQUEST', MESSAGES.requestFailed);
  const value = valueAt(raw, issue.path);
  const missing = issue.code === 'invalid_type' && (value === undefined || value === null || value === '');
  const field = issue.path.join('.');
  if (missing) throw new AppError('BAD_REQUEST', MESSAGES.fillAllFields, undefined, field || undefined);
  const code = issueAppCode(issue);
  if (code) throw new AppError('BAD_REQUEST', issue.message, code, field || undefined);
  throw new AppError('BAD_REQUEST', field ? `${field}: ${issue.message}` : issue.message, undefined, field || undefined);
}
