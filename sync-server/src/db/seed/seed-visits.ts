import { VISIT_PRICE_OPINIONS, VISIT_TYPE } from '@casa/shared-schema';
import {
  addLisbonDays,
  buildFollowUp,
  createRandom,
  lisbonDate,
  lisbonDateTime,
  type ClientRecord,
} from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { insertRecords } from './insert';

const DAY_MS = 86_400_000;
const COMMENTS = [
  'Gostou muito da luz e da cozinha.',
  'Achou a sala pequena para a família.',
  'Quer voltar com o cônjuge.',
  'Preocupado com o estacionamento.',
  'Pediu a planta e o certificado energético.',
  'Gostou da zona, não da vista.',
] as const;

/**
 * Visits (follow-ups of type Visita naming a property) of the organization's buyers to its properties:
 * `count` over the first properties, most of them done with feedback, some pending in the past, today
 * and in the coming days. Their own random stream, after the properties: the rest of the demo is unchanged.
 */
export async function seedVisits(
  knex: Knex,
  now: Date,
  organizationId: string,
  clients: readonly ClientRecord[],
  count: number,
): Promise<number> {
  const rng = createRandom(`casa-crm-visits-${organizationId}`);
  const buyers = clients.filter((c) => c.type === 'Comprador');
  const properties = (await knex('properties')
    .where({ organization_id: organizationId })
    .orderBy('reference')
    .limit(12)
    .select('id', 'reference')) as Array<{ id: string; reference: string }>;
  if (buyers.length === 0 || properties.length === 0) return 0;
  const today = lisbonDate(now);
  const rows = Array.from({ length: count }, (_, i) => {
    const buyer = rng.pick(buyers);
    const property = properties[i % properties.length]!;
    // Two in three done (with feedback), then a few overdue, today's and upcoming ones.
    const kind = i % 6 < 4 ? 'done' : i % 6 === 4 ? (i % 12 === 4 ? 'today' : 'overdue') : 'upcoming';
    const scheduledDate =
      kind === 'today'
        ? lisbonDateTime(today, rng.int(15, 19), 0)
        : kind === 'upcoming'
          ? lisbonDateTime(addLisbonDays(now, rng.int(1, 14)), rng.int(10, 18), 30)
          : lisbonDateTime(addLisbonDays(now, -rng.int(1, 30)), rng.int(10, 18), 0);
    const done = kind === 'done';
    const createdAt = new Date(Math.min(scheduledDate.getTime(), now.getTime()) - rng.int(1, 7) * DAY_MS);
    const completedAt = done ? new Date(Math.min(now.getTime(), scheduledDate.getTime() + 3_600_000)) : null;
    const base = buildFollowUp(
      rng,
      { organizationId, agentId: buyer.agentId, clientId: buyer.id },
      { clientName: buyer.name, scheduledDate, completedAt, createdAt },
    );
    return {
      ...base,
      type: VISIT_TYPE,
      title: `Visita ${property.reference} – ${buyer.name}`,
      propertyId: property.id,
      completionComment: done ? 'Visita realizada' : null,
      visitInterest: done ? rng.int(1, 5) : null,
      visitPriceOpinion: done ? rng.pick(VISIT_PRICE_OPINIONS) : null,
      visitFeedback: done ? rng.pick(COMMENTS) : null,
    };
  });
  await insertRecords(knex, 'follow_ups', rows);
  return rows.length;
}
