import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { zId } from './ids.ts';
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

export const ZChangePasswordInput = z.object({ current: text, new: text });
export const ZCreateUserInput = z.object({ username: zNewUsername, password: text });
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
