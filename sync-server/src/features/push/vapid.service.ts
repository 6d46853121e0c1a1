import type { Knex } from 'knex';
import webpush from 'web-push';
import type { Env } from '../../env';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** server_settings key holding the generated key pair as JSON {publicKey, privateKey}. */
export const VAPID_SETTING_KEY = 'vapid_keys';
const DEFAULT_SUBJECT = 'mailto:suporte@casa-crm.pt';

type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;

const cache = new WeakMap<object, Promise<VapidKeys>>();

async function loadOrCreate(knex: Knex, subject: string): Promise<VapidKeys> {
  const read = async () =>
    (await knex('server_settings').where('key', VAPID_SETTING_KEY).first('value')) as
      { value: string } | undefined;
  let row = await read();
  if (!row) {
    const generated = webpush.generateVAPIDKeys();
    // Two processes starting together: the first insert wins, the other re-reads the winner's keys.
    await knex('server_settings')
      .insert({
        key: VAPID_SETTING_KEY,
        value: JSON.stringify(generated),
        updated_at: new Date().toISOString(),
      })
      .onConflict('key')
      .ignore();
    row = await read();
  }
  const stored = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/**
 * The VAPID keys: from the environment when both keys are set, else generated once and kept in the
 * database so that every server process (and every restart) signs with the same pair.
 */
export function vapidKeys(knex: Knex, env: VapidEnv): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT || DEFAULT_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject });
  }
  const key = knex.client.config as object;
  let keys = cache.get(key);
  if (!keys) {
    keys = loadOrCreate(knex, subject);
    keys.catch(() => cache.delete(key));
    cache.set(key, keys);
  }
  return keys;
}
