import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type MaintenanceTiming = {
  /** How often the server looks whether it is time (and idle enough) to maintain. */
  checkEveryMs: number;
  /** The least time between two passes (each pass reads the tables' statistics, then works only where due). */
  gapMs: number;
  /** Idle enough: the event loop busy less than this share of the last check's interval. */
  idleBelow: number;
  /** A pass that has waited this long for an idle moment runs anyway (a shop that is never idle still gets vacuumed). */
  maxWaitMs: number;
};

export const MAINTENANCE_TIMING: MaintenanceTiming = { checkEveryMs: 5_000, gapMs: 60_000, idleBelow: 0.2, maxWaitMs: 600_000 };

/**
 * Runs the embedded database's vacuum and analyze (src/db/embedded-maintenance.ts) while the
 * server is idle: while one runs, PGlite answers nothing else, so a pass waits for a check interval
 * in which the event loop was mostly free (no per-request bookkeeping: the loop's own utilization
 * says it). The first pass comes at the first idle moment after the start, then at most one a
 * minute. On PostgreSQL a pass does something only when the server runs no autovacuum
 * (`Database.maintain` asks it). Nothing with EMBEDDED_MAINTENANCE=false.
 */
export const dbMaintenancePlugin = fp(
  async (app: FastifyInstance, opts: Partial<MaintenanceTiming>) => {
    if (!app.config.embeddedMaintenance) return;
    // What the log calls a pass: the embedded database's, or a PostgreSQL server's that runs no autovacuum.
    const [maintained, failed] =
      app.db.kind === 'postgresql'
        ? ['database maintained (the PostgreSQL server runs no autovacuum)', 'database maintenance failed']
        : ['embedded database maintained', 'embedded database maintenance failed'];
    const timing = { ...MAINTENANCE_TIMING, ...opts };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    let lastPass = Number.NEGATIVE_INFINITY;
    let dueSince: number | null = null;
    let loop = performance.eventLoopUtilization();
    const closing = new AbortController();

    const pass = async () => {
      try {
        for (const done of await app.db.maintain(closing.signal)) {
          if (done.error) app.log.warn(done, `${maintained}: a table failed`);
          else app.log.info(done, maintained);
        }
      } catch (err) {
        app.log.warn({ err }, failed);
      }
    };
    const check = () => {
      const busy = performance.eventLoopUtilization(loop).utilization;
      loop = performance.eventLoopUtilization();
      const now = performance.now();
      if (running || now - lastPass < timing.gapMs) return;
      dueSince ??= now;
      if (busy >= timing.idleBelow && now - dueSince < timing.maxWaitMs) return;
      running = pass().finally(() => {
        running = null;
        lastPass = performance.now();
        dueSince = null;
      });
    };
    app.addHook('onReady', async () => {
      loop = performance.eventLoopUtilization();
      timer = setInterval(check, timing.checkEveryMs);
      timer.unref();
    });
    // The database closes after the app: a pass under way ends first, after its current table.
    // This hook must run after the one that cancels a running import (onClose hooks run last
    // registered first: server/app.ts registers this plugin before that hook), since a command
    // waits for the import's transaction to end.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      closing.abort();
      await running;
    });
  },
  { name: 'db-maintenance' },
);
