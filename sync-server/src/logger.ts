import pino, { type Logger } from 'pino';
import type { Env } from './env';
import type { LogRing } from './lib/log-ring';

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>, ring?: LogRing): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { service: 'casa-sync-server' },
    // Never log credentials or the session cookie, even by accident.
    redact: {
      paths: [
        'password',
        '*.password',
        'hashedPassword',
        '*.hashedPassword',
        'req.headers.cookie',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
  if (!ring) return pino(options);
  return pino(
    options,
    pino.multistream([
      { level: env.LOG_LEVEL === 'silent' ? 'fatal' : env.LOG_LEVEL, stream: pino.destination(1) },
      { level: env.LOG_LEVEL === 'silent' ? 'fatal' : env.LOG_LEVEL, stream: ring },
    ]),
  );
}
