import { ZDashboard } from '../../../shared/catalog.ts';
import { dashboardCounts } from '../../../src/dashboard/dashboard.service.ts';
import { adminProcedure, router } from '../trpc.ts';

export const dashboardRouter = router({
  counts: adminProcedure.output(ZDashboard).query(({ ctx }) => dashboardCounts(ctx.app)),
});
