import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The sync-server package folder and the repository root (relative paths in env resolve against the root). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(PACKAGE_ROOT, '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * An http(s) origin ('https://crm.imobiliaria.pt', a trailing slash allowed), answered without the slash.
 * Only an origin: the share links are absolute paths from it.
 */
const origin = z.string().transform((value, issues) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  const bare =
    url && /^https?:$/.test(url.protocol) && !url.username && !url.password && url.pathname === '/';
  if (!url || !bare || url.search || url.hash || value.includes('?') || value.includes('#')) {
    issues.addIssue({ code: 'custom', message: 'must be an http(s) origin such as https://crm.example.pt' });
    return z.NEVER;
  }
  return url.origin;
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DB_CLIENT: z.enum(['sqlite', 'pg']).default('sqlite'),
    DATABASE_URL: z.string().optional(),
    SQLITE_FILE: z.string().optional(),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    SESSION_MAX_AGE_DAYS: z.coerce.number().positive().default(30),
    // Failed logins from one address across every email per 15 minutes (the per-account limit is the
    // super admin's 'Tentativas máximas de login'), and sign-ups from one address per hour (issue 17).
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
    SIGNUP_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(40),
    TRUST_PROXY: bool.default(false),
    // The address the public sees (share links of the property sheet); unset: the request's Host.
    PUBLIC_URL: origin.optional(),
    WEB_DIST: z.string().default('web/dist'),
    BACKUP_DIR: z.string().default('data/backups'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(\.\d+)?\s*(b|kb|mb)$/i, 'BODY_LIMIT must look like 1mb, 512kb or 1000b')
      .default('1mb'),
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z.string().optional(),
  })
  .superRefine((env, issues) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      issues.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'required in production' });
    }
    if (env.DB_CLIENT === 'pg' && !env.DATABASE_URL) {
      issues.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'required when DB_CLIENT=pg' });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string;
  WEB_DIST: string;
  BACKUP_DIR: string;
};

type Source = Record<string, string | undefined>;

/** Parses env without side effects; a missing secret is an error unless `fallbackSecret` gives one. */
export function parseEnv(source: Source, fallbackSecret?: () => string): Env {
  // Empty strings (e.g. `PORT=` in a .env file) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const secret = env.SESSION_SECRET ?? fallbackSecret?.();
  if (!secret) throw new Error('Invalid environment:\n  SESSION_SECRET: required');
  const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));
  return {
    ...env,
    SESSION_SECRET: secret,
    WEB_DIST: fromRoot(env.WEB_DIST),
    BACKUP_DIR: fromRoot(env.BACKUP_DIR),
  };
}

/** Development convenience: one random secret kept in `data/session-secret` (repo root, git-ignored). */
function devSecret(file = resolve(REPO_ROOT, 'data/session-secret')): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Reads `process.env` once at boot; throws (fail fast) with every problem listed. */
export function loadEnv(source: Source = process.env): Env {
  const isProd = source.NODE_ENV === 'production';
  return parseEnv(source, isProd ? undefined : () => devSecret());
}

/** BODY_LIMIT ('1mb') in bytes, for limits we enforce ourselves. */
export function bytesOf(limit: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb)$/i.exec(limit);
  if (!m) throw new Error(`Bad size: ${limit}`);
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[m[2]!.toLowerCase() as 'b' | 'kb' | 'mb'];
  return Math.floor(Number(m[1]) * unit);
}
