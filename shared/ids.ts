import { z } from 'zod';

/** A row id as the legacy API sends it: number or numeric string, `?id=` or in the body. */
export const zId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZIdInput = z.object({ id: zId });
