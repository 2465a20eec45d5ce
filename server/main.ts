import pino from 'pino';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Process entry: configuration, database, HTTP listener, graceful shutdown. Never imported. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    // Connections that finish their last response after close() began stay open as keep-alive;
    // close them as soon as they go idle so draining ends when the last request is answered.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    try {
      await app.close();
      clearInterval(sweep);
      await app.db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
