import { ZBackupStatus } from '../../../shared/backup.ts';
import { shopHasContent } from '../../../src/backup/restore.service.ts';
import { adminProcedure, router } from '../trpc.ts';

/** The Backup section's state; the archive itself travels through server/backup/backup.routes.ts. */
export const backupRouter = router({
  status: adminProcedure.output(ZBackupStatus).query(async ({ ctx }) => ({ empty: !(await shopHasContent(ctx.app.em)) })),
});
