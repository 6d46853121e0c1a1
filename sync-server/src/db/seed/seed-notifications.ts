import type { NotificationType } from '@casa/shared-schema';
import { notificationText, type ClientRecord, type Random } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { insertRecords } from './insert';

const NOTIFICATION_TYPES_CYCLE: readonly NotificationType[] = [
  'follow_up',
  'birthday',
  'overdue_task',
  'new_client',
  'cold_call',
  'system',
];

export async function seedNotifications(
  knex: Knex,
  rng: Random,
  now: Date,
  users: ReadonlyArray<{ id: string; organizationId: string | null }>,
  clients: readonly ClientRecord[],
) {
  const rows = users.flatMap((user) =>
    Array.from({ length: rng.int(3, 6) }, (_, i) => {
      const type: NotificationType = user.organizationId ? rng.pick(NOTIFICATION_TYPES_CYCLE) : 'system';
      const client = rng.pick(clients);
      const subject =
        type === 'system'
          ? rng.pick([
              'Bem-vindo ao Casa CRM!',
              'Nova versão disponível com melhorias de desempenho.',
              'A sua subscrição foi renovada.',
            ])
          : client.name;
      const createdAt = new Date(now.getTime() - rng.int(5, 60 * 24 * 10) * 60_000);
      const read = i > 1 && rng.chance(0.6);
      return {
        id: rng.uuid(),
        organizationId: user.organizationId,
        userId: user.id,
        type,
        ...notificationText(type, subject),
        read,
        readAt: read
          ? new Date(Math.min(now.getTime(), createdAt.getTime() + 3_600_000)).toISOString()
          : null,
        data: type === 'system' ? null : { clientId: client.id },
        createdAt: createdAt.toISOString(),
        updatedAt: createdAt.toISOString(),
        deletedAt: null,
      };
    }),
  );
  await insertRecords(knex, 'notifications', rows);
  return rows.length;
}
