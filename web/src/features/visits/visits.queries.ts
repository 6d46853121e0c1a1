import { useLiveQuery } from '../../data/live-query';
import type { FollowUp } from '@casa/shared-schema';
import type { ReplicaDb } from '../../data/db';
import { provisionalReferenceIds, shownReference } from '../../data/properties';
import { displayName } from '../auth/user-display.logic';
import { isVisit } from './visits.logic';

/** A visit with what its lists show beside it, read from the replica. */
export type VisitItem = {
  visit: FollowUp;
  property: { id: string; reference: string; title: string } | null;
  buyerName: string | null;
  agentName: string | null;
};

const newestFirst = (a: FollowUp, b: FollowUp) => b.scheduledDate.localeCompare(a.scheduledDate);

async function withNames(db: ReplicaDb, visits: FollowUp[]): Promise<VisitItem[]> {
  const ids = (key: 'propertyId' | 'clientId' | 'agentId') => [
    ...new Set(visits.map((v) => v[key]).filter((id): id is string => Boolean(id))),
  ];
  const [properties, clients, users, provisional] = await Promise.all([
    db.properties.bulkGet(ids('propertyId')),
    db.clients.bulkGet(ids('clientId')),
    db.users.bulkGet(ids('agentId')),
    provisionalReferenceIds(db),
  ]);
  const propertyById = new Map(properties.filter((p) => p && !p.deletedAt).map((p) => [p!.id, p!]));
  const clientName = new Map(clients.filter(Boolean).map((c) => [c!.id, c!.name]));
  const agentName = new Map(users.filter(Boolean).map((u) => [u!.id, displayName(u!)]));
  return visits.map((visit) => {
    const p = visit.propertyId ? propertyById.get(visit.propertyId) : undefined;
    return {
      visit,
      property: p ? { id: p.id, reference: shownReference(p, provisional), title: p.title } : null,
      buyerName: clientName.get(visit.clientId) ?? null,
      agentName: visit.agentId ? (agentName.get(visit.agentId) ?? null) : null,
    };
  });
}

/** The property's visits, newest first (an index read on followUps.propertyId, Dexie v7). */
export async function propertyVisits(db: ReplicaDb, propertyId: string): Promise<VisitItem[]> {
  const rows = (await db.followUps.where('propertyId').equals(propertyId).toArray()) as FollowUp[];
  return withNames(db, rows.filter((f) => isVisit(f) && !f.deletedAt).sort(newestFirst));
}

/** The buyer's visits to properties, newest first. */
export async function clientVisits(db: ReplicaDb, clientId: string): Promise<VisitItem[]> {
  const rows = (await db.followUps.where('clientId').equals(clientId).toArray()) as FollowUp[];
  return withNames(db, rows.filter((f) => isVisit(f) && f.propertyId && !f.deletedAt).sort(newestFirst));
}

export function usePropertyVisits(db: ReplicaDb | null | undefined, propertyId: string) {
  return useLiveQuery(async () => (db ? propertyVisits(db, propertyId) : undefined), [db, propertyId]);
}

export function useClientVisits(db: ReplicaDb | null | undefined, clientId: string) {
  return useLiveQuery(async () => (db ? clientVisits(db, clientId) : undefined), [db, clientId]);
}

/** One property's reference and title (a follow-up card's link). */
export function useVisitProperty(db: ReplicaDb | null | undefined, propertyId: string | null | undefined) {
  return useLiveQuery(async () => {
    if (!db || !propertyId) return null;
    const p = await db.properties.get(propertyId);
    if (!p || p.deletedAt) return null;
    return { id: p.id, reference: shownReference(p, await provisionalReferenceIds(db)), title: p.title };
  }, [db, propertyId]);
}
