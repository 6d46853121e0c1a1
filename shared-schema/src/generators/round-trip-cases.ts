import type { z } from 'zod';
import {
  campaignClientCreateSchema,
  campaignCreateSchema,
  clientCreateSchema,
  clientTagsSetSchema,
  clientUpdateSchema,
  coldCallCreateSchema,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_USER_SETTINGS,
  followUpCompleteSchema,
  followUpCreateSchema,
  followUpUpdateSchema,
  interactionCreateSchema,
  notificationMarkReadSchema,
  notificationPreferencesUpdateSchema,
  propertyCreateSchema,
  propertyUpdateSchema,
  tagCreateSchema,
  userSettingsUpdateSchema,
  visitFeedbackSchema,
  type MutationName,
  type SyncTable,
} from '../index';
import { buildCompradorFields, buildVendedorFields } from './clients';
import type { Random } from './random';
import { fillEveryField } from './round-trip';

/**
 * THE table of round-trip cases (docs/adding-a-field.md, "Round trips"): one entry per write of a
 * replicated collection that carries fields. The server's test (sync-server/src/features/sync/
 * round-trip.test.ts) runs each through REST and the sync push, the device's test
 * (web/src/data/round-trip.test.ts) through the optimistic mutator: all by mutation NAME, so they keep
 * testing the public paths whoever implements the write.
 */

type Row = Record<string, unknown>;

/** Rows a case refers to, made by each test its own way (REST on the server, mutations on the device). */
export type RoundTripRef =
  'client' | 'seller' | 'tag' | 'campaign' | 'followUp' | 'visit' | 'notification' | 'property';

export type RoundTripCase = {
  /** The test's name: "client create", "settings update"… */
  name: string;
  mutation: MutationName;
  /** The mutation's arguments: every key is filled at random unless `fixed`, `refs` or `notStored` name it. */
  schema: z.ZodType;
  /** The collection the write lands in. */
  table: SyncTable;
  /** A create gets a fresh `id` (client-generated, as the device makes them). */
  create: boolean;
  /** Arguments that name rows the test makes first: one row, or `[kind, n]` for a list of n. */
  refs?: Readonly<Record<string, RoundTripRef | readonly [RoundTripRef, number]>>;
  /** Arguments that cannot be random (a client's type with its custom fields…). */
  fixed?: (rng: Random, userId: string) => Row;
  /** The row's values before the write (its defaults): the random values differ from them. */
  before?: Row;
  /** Arguments the write accepts and leaves to another write, by design (the reason beside each). */
  notStored?: readonly string[];
  /** The row the write must show in, among the collection's live rows (default: the args' `id`). */
  rowOf?: (args: Row, rows: Row[], userId: string) => Row | undefined;
  /** What that row must hold, from the parsed arguments (default: the parsed arguments themselves). */
  expected?: (parsed: Row) => Row;
  /** The REST route doing the same write; `:name` is the argument of that name; the body is the args. */
  rest?: { method: 'POST' | 'PUT'; path: string };
  /** A REST read answering the row, or a list holding it (found by the args' `id`). */
  get?: string;
};

/** What a property's random value cannot leave to chance: a free reference, the address, the contract. */
const propertyFixed = (rng: Random, userId: string): Row => ({
  reference: `RT-${rng.int(1, 99_999_999)}`,
  distrito: 'Setúbal',
  concelho: 'Almada',
  postalCode: `28${rng.int(10, 99)}-${rng.int(100, 999)}`,
  yearBuilt: rng.int(1900, 2026),
  mediationStart: '2026-11-01',
  mediationEnd: '2027-04-30',
  features: ['Piscina', 'Vista mar'],
  agentId: userId,
});

const selfRow = (_args: Row, rows: Row[], userId: string) => rows.find((r) => r.id === userId);

export const ROUND_TRIP_CASES: readonly RoundTripCase[] = [
  {
    name: 'property create',
    mutation: 'createProperty',
    schema: propertyCreateSchema,
    table: 'properties',
    create: true,
    refs: { ownerClientId: 'seller' },
    fixed: propertyFixed,
    rest: { method: 'POST', path: '/api/properties' },
    get: '/api/properties/:id',
  },
  {
    name: 'property update',
    mutation: 'updateProperty',
    schema: propertyUpdateSchema,
    table: 'properties',
    create: false,
    refs: { id: 'property', ownerClientId: 'seller' },
    fixed: propertyFixed,
    rest: { method: 'PUT', path: '/api/properties/:id' },
    get: '/api/properties/:id',
  },
  {
    name: 'client create',
    mutation: 'createClient',
    schema: clientCreateSchema,
    table: 'clients',
    create: true,
    fixed: (rng, userId) => ({ type: 'Comprador', customFields: buildCompradorFields(rng), agentId: userId }),
    // The name list mirrors client_tags: only setClientTags writes it ("client tags" below).
    notStored: ['tags'],
    rest: { method: 'POST', path: '/api/clients' },
    get: '/api/clients/:id',
  },
  {
    name: 'client update',
    mutation: 'updateClient',
    schema: clientUpdateSchema,
    table: 'clients',
    create: false,
    refs: { id: 'client' },
    fixed: (rng, userId) => ({
      type: 'Vendedor',
      customFields: buildVendedorFields(rng),
      tags: [],
      agentId: userId,
    }),
    rest: { method: 'PUT', path: '/api/clients/:id' },
    get: '/api/clients/:id',
  },
  {
    name: 'tag create',
    mutation: 'createTag',
    schema: tagCreateSchema,
    table: 'tags',
    create: true,
    fixed: (rng) => ({ name: `Etiqueta ${rng.int(1, 999_999)}` }),
    rest: { method: 'POST', path: '/api/tags' },
    get: '/api/tags',
  },
  {
    name: 'client tags',
    mutation: 'setClientTags',
    schema: clientTagsSetSchema,
    table: 'clientTags',
    create: false,
    refs: { clientId: 'client', tagIds: ['tag', 3] },
    // The links of the client: one row per tag, each holding both ids.
    rowOf: (args, rows) => ({
      clientId: args.clientId,
      tagIds: rows
        .filter((r) => r.clientId === args.clientId)
        .map((r) => String(r.tagId))
        .sort(),
    }),
    expected: (parsed) => ({ tagIds: [...(parsed.tagIds as string[])].sort() }),
    rest: { method: 'POST', path: '/api/clients/:clientId/tags' },
  },
  {
    name: 'follow-up create',
    mutation: 'createFollowUp',
    schema: followUpCreateSchema,
    table: 'followUps',
    create: true,
    refs: { clientId: 'client', propertyId: 'property' },
    fixed: () => ({ completed: false }),
    rest: { method: 'POST', path: '/api/followups' },
    get: '/api/followups/:id',
  },
  {
    name: 'follow-up update',
    mutation: 'updateFollowUp',
    schema: followUpUpdateSchema,
    table: 'followUps',
    create: false,
    refs: { id: 'followUp', clientId: 'client', propertyId: 'property' },
    fixed: () => ({ completed: false }),
    rest: { method: 'PUT', path: '/api/followups/:id' },
    get: '/api/followups/:id',
  },
  {
    name: 'follow-up completion',
    mutation: 'completeFollowUp',
    schema: followUpCompleteSchema,
    table: 'followUps',
    create: false,
    refs: { id: 'followUp' },
    expected: (parsed) => ({ completed: true, completionComment: parsed.completionComment }),
    rest: { method: 'PUT', path: '/api/followups/:id/complete' },
    get: '/api/followups/:id',
  },
  {
    // The completion's next follow-up: a row of its own, under the id the device gave it.
    name: 'next follow-up',
    mutation: 'completeFollowUp',
    schema: followUpCompleteSchema,
    table: 'followUps',
    create: false,
    refs: { id: 'followUp' },
    rowOf: (args, rows) => rows.find((r) => r.id === (args.nextFollowUp as Row).id),
    expected: (parsed) => parsed.nextFollowUp as Row,
    rest: { method: 'PUT', path: '/api/followups/:id/complete' },
  },
  {
    // A Visita's feedback (it also completes a pending visit: not an argument, not checked here).
    name: 'visit feedback',
    mutation: 'recordVisitFeedback',
    schema: visitFeedbackSchema,
    table: 'followUps',
    create: false,
    refs: { id: 'visit' },
    rest: { method: 'PUT', path: '/api/followups/:id/visit-feedback' },
    get: '/api/followups/:id',
  },
  {
    name: 'interaction create',
    mutation: 'addInteraction',
    schema: interactionCreateSchema,
    table: 'interactions',
    create: true,
    refs: { clientId: 'client' },
    fixed: (rng) => ({ followUpRequired: false, followUpDate: null, relatedId: rng.uuid() }),
    rest: { method: 'POST', path: '/api/clients/:clientId/interactions' },
    get: '/api/clients/:clientId/interactions',
  },
  {
    name: 'cold call create',
    mutation: 'logColdCall',
    schema: coldCallCreateSchema,
    table: 'coldCalls',
    create: true,
    refs: { clientId: 'client' },
    fixed: () => ({ campaignId: null, followUpNeeded: false }),
    rest: { method: 'POST', path: '/api/coldcalls' },
  },
  {
    name: 'campaign create',
    mutation: 'createCampaign',
    schema: campaignCreateSchema,
    table: 'campaigns',
    create: true,
    // The previewed members become rows of campaignClients, not a field ("campaign member" below).
    notStored: ['clientIds'],
    rest: { method: 'POST', path: '/api/campaigns' },
    get: '/api/campaigns',
  },
  {
    name: 'campaign member',
    mutation: 'addCampaignClient',
    schema: campaignClientCreateSchema,
    table: 'campaignClients',
    create: true,
    refs: { campaignId: 'campaign', clientId: 'client' },
    rest: { method: 'POST', path: '/api/campaigns/:campaignId/clients/:clientId' },
  },
  {
    name: 'notification read',
    mutation: 'markNotificationRead',
    schema: notificationMarkReadSchema,
    table: 'notifications',
    create: false,
    refs: { id: 'notification' },
    expected: () => ({ read: true }),
    rest: { method: 'PUT', path: '/api/notifications/:id/read' },
  },
  {
    name: 'settings update',
    mutation: 'updateSettings',
    schema: userSettingsUpdateSchema,
    table: 'userSettings',
    create: false,
    rowOf: selfRow,
    before: DEFAULT_USER_SETTINGS,
    rest: { method: 'PUT', path: '/api/user/settings' },
    get: '/api/user/settings',
  },
  {
    name: 'notification preferences update',
    mutation: 'updateNotificationPreferences',
    schema: notificationPreferencesUpdateSchema,
    table: 'notificationPreferences',
    create: false,
    rowOf: selfRow,
    before: DEFAULT_NOTIFICATION_PREFERENCES,
    rest: { method: 'PUT', path: '/api/notifications/preferences' },
    get: '/api/notifications/preferences',
  },
];

/** Ids of the rows a case refers to, by argument name. */
export type RoundTripRefIds = Record<string, string | string[]>;

/** One random value of a case: the args sent, what the row must hold, and how to find that row. */
export type RoundTripValue = {
  args: Row;
  expected: Row;
  /** The row among the collection's live rows (undefined: the path lost the whole row). */
  find: (rows: Row[]) => Row | undefined;
  /** The path of a route template with the args' values (`:clientId` → the client's id). */
  pathOf: (template: string) => string;
};

export function roundTripValue(
  c: RoundTripCase,
  rng: Random,
  userId: string,
  refIds: RoundTripRefIds,
): RoundTripValue {
  const base: Row = { ...(c.create ? { id: rng.uuid() } : {}), ...refIds, ...c.fixed?.(rng, userId) };
  const args = fillEveryField(c.schema, base, rng, c.notStored, c.before);
  const parsed = c.schema.parse(args) as Row;
  return {
    args,
    expected: c.expected ? c.expected(parsed) : parsed,
    find: (rows) => (c.rowOf ? c.rowOf(args, rows, userId) : rows.find((r) => r.id === args.id)),
    pathOf: (template) =>
      template.replace(/:([A-Za-z]+)/g, (_m, key: string) => encodeURIComponent(String(args[key]))),
  };
}

/** The refs a case needs, one entry per row to make: [argument, kind, how many (undefined: one id)]. */
export function roundTripRefs(c: RoundTripCase): Array<[string, RoundTripRef, number | undefined]> {
  return Object.entries(c.refs ?? {}).map(([key, ref]) =>
    typeof ref === 'string' ? [key, ref, undefined] : [key, ref[0], ref[1]],
  );
}
