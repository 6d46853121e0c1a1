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
  if (!ring || env.LOG_LEVEL === 'silent') return pino(options);
  // The ring keeps request lines ('Ver Logs') even when stdout is set quieter than info.
  const stdoutLevel = env.LOG_LEVEL;
  const ringLevel = pino.levels.values[stdoutLevel]! < pino.levels.values.info! ? stdoutLevel : 'info';
  return pino(
    { ...options, level: ringLevel },
    pino.multistream([
      { level: stdoutLevel, stream: pino.destination(1) },
      { level: ringLevel, stream: ring },
    ]),
  );
}
