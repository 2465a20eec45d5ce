import './production-mode.ts';
import pino from 'pino';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { type CompileCacheResult, describeCompileCache, keepCompiledCode } from './compile-cache.ts';
import { ConfigError, loadConfig } from './config.ts';
import { installGracefulShutdown } from './shutdown.ts';
import { originFollowsForwardedHeaders } from './ssr/public-url.ts';

/** The longest a logged line waits in the batch before it is written. */
const LOG_FLUSH_MS = 1000;

export type StartOptions = {
  /** What turning Node's module compile cache on answered (server/main.ts), for the log. */
  compileCache?: CompileCacheResult;
};

/** The server: configuration, database, HTTP listener, graceful shutdown. Called by server/main.ts only. */
async function main({ compileCache }: StartOptions): Promise<void> {
  const config = loadConfig();
  // Logs are written asynchronously and in batches: a request never waits for stdout, and under
  // load the access log (one line per request) goes out 4 KB at a time instead of one write per
  // line (at c50 the access log cost about 10 µs of CPU per cached answer, LOG_LEVEL=info against
  // warn; the writes were part of it). A quiet server's lines still go out within LOG_FLUSH_MS,
  // and the shutdown flushes what is left (shutdown.ts, below).
  const destination = pino.destination({ sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  const logger = pino({ level: config.logLevel }, destination);
  const app = await (async () => {
    const db = await prepareDatabase(config, logger, (line) => console.log(line));
    try {
      return await buildApp({ config, db, loggerInstance: logger });
    } catch (e) {
      await db.close();
      throw e;
    }
  })();
  app.log.info({ database: app.db.kind, dataDir: config.databaseUrl ? undefined : config.dataDir }, 'database ready');
  if (originFollowsForwardedHeaders(config)) {
    app.log.warn('TRUST_PROXY is set without PUBLIC_URL or ALLOWED_HOSTS: page links follow X-Forwarded-Host; set one of them');
  }

  const stop = { drainMs: config.shutdownDrainMs, graceMs: config.shutdownGraceMs, interactive: process.stdin.isTTY === true };
  installGracefulShutdown(app, stop, (code) => {
    destination.flushSync();
    process.exit(code);
  });
  await app.listen({ port: config.port, host: config.host });
  if (compileCache) {
    const { level, msg } = describeCompileCache(compileCache);
    app.log[level](msg);
    keepCompiledCode();
  }
}

export const start = (opts: StartOptions = {}) =>
  main(opts).catch((err) => {
    if (err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(`\n${err.message}\n`);
    } else {
      console.error('Failed to start:', err);
    }
    process.exit(1);
  });
