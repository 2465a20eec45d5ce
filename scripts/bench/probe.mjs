/**
 * Preloaded (`node --import`) only into the shop process the benchmark starts, never in
 * production: answers the benchmark over the IPC channel with the process's RSS and its event-loop
 * delay since the last reset (perf_hooks.monitorEventLoopDelay). No HTTP route is added.
 * Plain JavaScript: the shop runs compiled (dist/app/), and a TypeScript preload would make Node
 * load its type stripper into the process measured (about 10 MB). The answer's shape is
 * `ProbeStats` in processes.ts.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('message', (m) => {
    if (m?.type === 'reset') loop.reset();
    if (m?.type === 'stats') {
      const mem = process.memoryUsage();
      const stats = {
        rssMb: mem.rss / 1048576,
        heapMb: mem.heapUsed / 1048576,
        memory: { heapTotalMb: mem.heapTotal / 1048576, externalMb: mem.external / 1048576, arrayBuffersMb: mem.arrayBuffers / 1048576 },
        loopP99Ms: loop.count ? loop.percentile(99) / 1e6 : 0,
        loopMaxMs: loop.count ? loop.max / 1e6 : 0,
      };
      process.send?.({ type: 'stats', stats });
    }
  });
  // The channel must not keep a process alive that is shutting down.
  process.channel?.unref();
}
