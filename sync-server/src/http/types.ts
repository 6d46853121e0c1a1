import type { Knex } from 'knex';
import type Koa from 'koa';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Env } from '../env';
import type { Auth } from '../lib/domain-context';
import type { LogRing } from '../lib/log-ring';

/** What createApp needs; nothing else is global. */
export type AppDeps = {
  knex: Knex;
  env: Env;
  logger: Logger;
  /** This process's recent log lines ('Ver Logs'); absent when the logger does not feed one. */
  logRing?: LogRing;
};

export type { Auth };

/** What koa-session keeps for us in the `sessions` table. */
export type SessionData = {
  userId?: string;
  loginAt?: string;
  /** users.session_generation at login; an older one is refused (features/accounts/password.service.ts). */
  generation?: number;
};

export type SessionHandle = SessionData & {
  regenerate(): Promise<void>;
  save(): Promise<void>;
  isNew?: boolean;
};

export type AppState = {
  requestId: string;
  log: Logger;
  auth: Auth | null;
  /** Set when the session pointed at a suspended or deleted user (the session is then destroyed). */
  authRejection?: 'suspended' | 'gone';
  /** The organization's change_seq read with the auth (http/context.ts); read caches key on it. */
  changeSeq?: number;
  /** The query as the route's declared schema parsed it (http/route.ts validateInput, `queryOf`). */
  query?: { schema: unknown; value: unknown };
};

export type AppContextExt = {
  deps: AppDeps;
  session: SessionHandle | null;
};

export type AppContext = ParameterizedContext<AppState, AppContextExt>;
export type AppKoa = Koa<AppState, AppContextExt>;
export type AppMiddleware = Koa.Middleware<AppState, AppContextExt>;
