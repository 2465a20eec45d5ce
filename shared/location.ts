import { z } from 'zod';

/** The visitor's detected region (spec §3 "Detected location"); nulls when unknown. */
export const ZLocation = z.object({ city: z.string().nullable(), state: z.string().nullable() });
export type LocationDto = z.infer<typeof ZLocation>;
