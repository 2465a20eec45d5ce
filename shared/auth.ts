import { z } from 'zod';

/** Contracts of the auth operations (spec §7 "Auth"), shared by tRPC and the legacy facade. */
const text = z.string().max(1000);

export const ZLoginInput = z.object({ username: text, password: text });
export const ZMe = z.object({
  authenticated: z.boolean(),
  is_admin: z.boolean(),
  username: z.string().optional(),
});
export type Me = z.infer<typeof ZMe>;

export const ZChangePasswordInput = z.object({ current: text, new: text });
export const ZCreateUserInput = z.object({ username: text, password: text });
export const ZDeleteUserInput = z.object({ id: z.coerce.number().int().positive() });

export const ZAdminUser = z.object({
  id: z.number(),
  username: z.string(),
  is_admin: z.boolean(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserDto = z.infer<typeof ZAdminUser>;
