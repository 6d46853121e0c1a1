import type { Knex } from 'knex';
import type { AppContext } from '../../http/types';

/**
 * The users columns that set a new password on an existing account: the hash, and the next session
 * generation, which ends every session opened before (http/context.ts). Every password change and reset
 * writes through this, so none can leave an old session alive (issue 17).
 */
export function newPasswordColumns(db: Knex, passwordHash: string): Record<string, unknown> {
  return { password_hash: passwordHash, session_generation: db.raw('session_generation + 1') };
}

export async function sessionGenerationOfUser(db: Knex, userId: string): Promise<number> {
  const row = (await db('users').where('id', userId).first('session_generation')) as
    { session_generation: number | string } | undefined;
  return Number(row?.session_generation ?? 0);
}

/**
 * After the user changed their own password: this session moves to the new generation and stays; every
 * other session of the user is over.
 */
export async function keepCurrentSession(ctx: AppContext): Promise<void> {
  const auth = ctx.state.auth;
  if (!auth || !ctx.session) return;
  ctx.session.generation = await sessionGenerationOfUser(ctx.deps.knex, auth.userId);
}
