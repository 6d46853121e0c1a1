import { createServer } from 'node:http';
import { createApp } from './app';
import { requestListener } from './http/listener';
import { dbConfigFromEnv } from './db/config-from-env';
import { createKnex } from './db/knex';
import { migrateLatest } from './db/migrate';
import { loadEnv } from './env';
import { LogRing } from './lib/log-ring';
import { createLogger } from './logger';
import { startScheduler } from './features/scheduler/scheduler.service';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const logRing = new LogRing();
  const logger = createLogger(env, logRing);
  const { DB_CLIENT, DATABASE_URL, SQLITE_FILE } = env;
  const knex = createKnex(dbConfigFromEnv({ DB_CLIENT, DATABASE_URL, SQLITE_FILE }));
  const applied = await migrateLatest(knex);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const app = createApp({ knex, env, logger, logRing });
  const scheduler = startScheduler({ knex, env, logger }); // reminders + web push (features/scheduler)
  const server = createServer(requestListener(app));
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info(
    { port, host: env.HOST, db: env.DB_CLIENT, coldStartMs: Math.round(performance.now()) },
    `Casa CRM sync-server listening on http://${env.HOST}:${port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    app.endLiveStreams(); // open event streams would otherwise hold server.close() for the whole grace
    const force = setTimeout(() => {
      logger.warn('grace period over: closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      app.dispose();
      // A failed cleanup is logged and ends the process too, instead of an unhandled rejection.
      scheduler
        .stop()
        .then(() => knex.destroy())
        .then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (err: unknown) => {
            logger.error({ err }, 'shutdown cleanup failed');
            process.exit(1);
          },
        );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // The logger may not exist yet (bad env): plain stderr, then a non-zero exit.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
