import pino, { type Logger } from 'pino';
import type { Env } from './env';

export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
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
  });
}
