import { z } from 'zod';
import { whatsappStatus } from '../../../src/whatsapp/whatsapp.service.ts';
import { publicReadProcedure, router } from '../trpc.ts';

const ZHoursStatus = z.object({
  open: z.boolean(),
  next: z.object({ weekday: z.number().int(), minutes: z.number().int(), inDays: z.number().int() }).nullable(),
  /** Epoch milliseconds of the next change (opening, closing or midnight); null: never. */
  until: z.number().nullable(),
});

/** The storefront's WhatsApp button: open now, or when the shop answers next (issue 18). */
export const whatsappRouter = router({
  status: publicReadProcedure.output(ZHoursStatus).query(({ ctx }) => whatsappStatus(ctx.app)),
});
