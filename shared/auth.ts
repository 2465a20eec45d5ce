import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { zId } from './ids.ts';
import { LIMITS } from './limits.ts';
import { zLine } from './text-fields.ts';
import { hasControlChars, hasInvisibleChars } from './text-rules.ts';

/** Contracts of the auth operations (spec §7 "Auth"), shared by tRPC and the legacy facade. */
const text = zLine({ max: 1000 });

/**
 * A new username: control, bidi and zero-width characters are refused (a name must read as what it
 * is), with the spec's invalid_username; the service checks the rest (LIMITS.username).
 */
const zNewUsername = z
  .string()
  .max(1000)
  .refine((s) => !hasControlChars(s) && !hasInvisibleChars(s), {
    message: MESSAGES.invalidUsername,
    params: { appCode: 'invalid_username' },
  });

export const ZLoginInput = z.object({ username: text, password: text });
export const ZMe = z.object({
  authenticated: z.boolean(),
  is_admin: z.boolean(),
  username: z.string().optional(),
});
export type Me = z.infer<typeof ZMe>;

/** A missing field reads as empty, so it gets the spec's 'Preencha todos os campos' (see the rules below). */
const filled = <T extends z.ZodType<string>>(schema: T) => schema.optional().transform((v) => v ?? '');

export const ZChangePasswordInput = z.object({ current: filled(text), new: filled(text) });
export const ZCreateUserInput = z.object({ username: filled(zNewUsername), password: filled(text) });

/** The spec's texts (§5) a users form can break, by their MESSAGES key; 'passwordsDiffer' is the browser's own (no confirmation reaches the server). */
export type CredentialRule = 'fillAllFields' | 'invalidUsername' | 'passwordTooShort' | 'newPasswordTooShort' | 'passwordsDiffer';

/**
 * Spec §5 "Create user", one home for the server and the form: an empty field (username blank
 * after trimming, or password) is 'Preencha todos os campos' and nothing else; then the username's
 * 3 to 50 letters, digits or _; then the password's 6 characters. One problem per field.
 */
export function newUserProblems(input: { username: string; password: string }): Partial<Record<'username' | 'password', CredentialRule>> {
  const username = input.username.trim();
  const { min, max, pattern } = LIMITS.username;
  const problems: Partial<Record<'username' | 'password', CredentialRule>> = {};
  if (!username) problems.username = 'fillAllFields';
  else if (username.length < min || username.length > max || !pattern.test(username)) problems.username = 'invalidUsername';
  if (!input.password) problems.password = 'fillAllFields';
  else if (input.password.length < LIMITS.passwordMinLength) problems.password = 'passwordTooShort';
  return problems;
}

/**
 * Spec §5 "Change password", in its order: every field filled ('Preencha todos os campos'), the new
 * one and its confirmation equal (when the form has one), the new one 6 characters or more.
 */
export function passwordChangeProblems(input: {
  current: string;
  new: string;
  confirm?: string;
}): Partial<Record<'current' | 'new' | 'confirm', CredentialRule>> {
  const problems: Partial<Record<'current' | 'new' | 'confirm', CredentialRule>> = {};
  if (!input.current) problems.current = 'fillAllFields';
  if (!input.new) problems.new = 'fillAllFields';
  if (input.confirm === '') problems.confirm = 'fillAllFields';
  if (Object.keys(problems).length > 0) return problems;
  if (input.confirm !== undefined && input.confirm !== input.new) problems.confirm = 'passwordsDiffer';
  else if (input.new.length < LIMITS.passwordMinLength) problems.new = 'newPasswordTooShort';
  return problems;
}
export const ZDeleteUserInput = z.object({ id: zId });
/** The lock screen's 'Desbloquear' (spec §2). */
export const ZUnlockInput = z.object({ password: zLine({ max: 200 }) });

export const ZAdminUser = z.object({
  id: z.number(),
  username: z.string(),
  is_admin: z.boolean(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserDto = z.infer<typeof ZAdminUser>;
