import fc from 'fast-check';
import {
  CLIENT_TYPES,
  MUTATION_NAMES,
  NEXT_FOLLOW_UP_TYPES,
  TAG_COLORS,
  THEMES,
  VISIT_PRICE_OPINIONS,
  VISIT_TYPE,
  type MutationName,
  type SyncTable,
  notificationPreferencesSchema,
} from '@casa/shared-schema';
import {
  buildClient,
  buildColdCall,
  buildFollowUp,
  buildInteraction,
  buildProperty,
  createRandom,
  type Random,
} from '@casa/shared-schema/generators';

/** The preference switches (every boolean of the preferences row), in the schema's own order. */
const NOTIFICATION_SWITCHES = Object.keys(notificationPreferencesSchema.shape).filter(
  (k) => k !== 'notification_time',
);

type Row = Record<string, unknown>;
export type View = Record<SyncTable, Row[]>;

/** Stands for a fresh uuid no row has (a fixed one would exist after its first create). */
const UNKNOWN_ID = Symbol('unknown id');

/** A value that breaks one argument: wrong type, out of range, unknown id, too long, absent. */
const BAD_VALUES = [
  undefined,
  null,
  '',
  'x',
  -1,
  9,
  1e12,
  'não-é-um-uuid',
  UNKNOWN_ID,
  {},
  [],
  'a'.repeat(300),
  'a\u0000b',
] as const;

/** One step: a mutation whose args are built (from `seed`) on the rows the device sees, maybe broken. */
export type Step = {
  name: MutationName;
  seed: number;
  corrupt: { key: number; value: number } | null;
  /** Fixed args instead of random ones (the tests that break one side on purpose). */
  fixed?: (view: View, me: Row) => Row;
};

const stepArb = (name: MutationName): fc.Arbitrary<Step> =>
  fc.record({
    name: fc.constant(name),
    seed: fc.nat(),
    // One step in three breaks an argument.
    corrupt: fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.record({ key: fc.nat(), value: fc.nat({ max: BAD_VALUES.length - 1 }) }) },
    ),
  });

/** Every mutation kind once, in a random order, with up to `extra` more anywhere in between. */
export const sequenceArb = (extra: number): fc.Arbitrary<Step[]> =>
  fc
    .tuple(
      fc.shuffledSubarray([...MUTATION_NAMES], { minLength: MUTATION_NAMES.length }),
      fc.array(fc.constantFrom(...MUTATION_NAMES), { maxLength: extra }),
    )
    .chain(([all, more]) => fc.shuffledSubarray([...all, ...more], { minLength: all.length + more.length }))
    .chain((names) => fc.tuple(...names.map(stepArb)));

const pick = (rng: Random, rows: Row[]): Row | undefined => (rows.length ? rng.pick(rows) : undefined);
const idOf = (rng: Random, rows: Row[]) => pick(rng, rows)?.id ?? rng.uuid();
const some = <T extends Row>(rng: Random, row: T): Partial<T> =>
  Object.fromEntries(Object.entries(row).filter(() => rng.chance(0.5))) as Partial<T>;
const soon = (rng: Random) => new Date(Date.now() + rng.int(1, 20) * 86_400_000).toISOString();

/** Valid args (as the app's forms send them) for `name` on the rows of `view`. */
function validArgs(name: MutationName, rng: Random, view: View, me: Row): Row {
  const now = new Date();
  const newClient = (type = rng.pick(CLIENT_TYPES)) => {
    const c = buildClient(rng, {
      organizationId: '',
      agentId: null,
      now,
      type,
      uniqueSuffix: rng.int(0, 1e6),
    });
    const { name: n, email, phone, rating, birthday, notes, customFields } = c;
    return { name: n, email, phone, type, rating, birthday, notes, customFields };
  };
  const client = () => idOf(rng, view.clients);
  const activity = () => ({ organizationId: '', agentId: null, clientId: String(client()) });
  const followUp = () => {
    const { title, description, type, scheduledDate, notes } = buildFollowUp(rng, activity(), {
      clientName: 'Cliente',
      scheduledDate: new Date(soon(rng)),
      createdAt: now,
    });
    return { title, description, type, scheduledDate, notes };
  };
  const newProperty = () => {
    const sellers = view.clients.filter((c) => c.type === 'Vendedor');
    const p = buildProperty(rng, {
      organizationId: '',
      agentId: rng.chance(0.8) ? String(me.id) : null,
      ownerClientId: sellers.length && rng.chance(0.7) ? String(rng.pick(sellers).id) : null,
      now,
      number: rng.int(1, 20),
    });
    const {
      id: _i,
      organizationId: _o,
      createdAt: _c,
      updatedAt: _u,
      deletedAt: _d,
      createdBy: _b,
      ...input
    } = p;
    // Without a reference most of the time (generated), else one that may be taken (refused alike).
    if (rng.chance(0.7)) return { ...input, reference: undefined };
    return input;
  };
  switch (name) {
    case 'createProperty':
      return { id: rng.uuid(), ...newProperty() };
    case 'updateProperty': {
      const { ownerClientId, agentId, ...rest } = newProperty();
      return {
        id: idOf(rng, view.properties),
        ...some(rng, rest),
        ...(rng.chance(0.3) ? { ownerClientId } : {}),
        ...(rng.chance(0.2) ? { agentId } : {}),
      };
    }
    case 'deleteProperty':
      return { id: idOf(rng, view.properties) };
    case 'reorderPropertyPhotos': {
      const photos = rng.sample(view.propertyPhotos, view.propertyPhotos.length);
      const propertyId = photos[0]?.propertyId ?? idOf(rng, view.properties);
      // Some of one property's photos, maybe another's or an unknown one among them (passed over alike).
      const ids = photos.filter((p) => p.propertyId === propertyId || rng.chance(0.1)).map((p) => p.id);
      return {
        propertyId,
        photoIds: rng.chance(0.2) ? [...ids, rng.uuid()] : ids.length ? ids : [rng.uuid()],
      };
    }
    case 'setPropertyPhotoCover':
    case 'deletePropertyPhoto': {
      const photo = pick(rng, view.propertyPhotos);
      return {
        propertyId: photo?.propertyId ?? idOf(rng, view.properties),
        photoId: photo?.id ?? rng.uuid(),
      };
    }
    case 'createClient':
      return { id: rng.uuid(), ...newClient() };
    case 'updateClient': {
      const current = pick(rng, view.clients);
      const type = rng.chance(0.3) ? rng.pick(CLIENT_TYPES) : ((current?.type as never) ?? 'Comprador');
      const { type: _t, customFields, ...rest } = newClient(type);
      const patch = { ...some(rng, rest), ...(rng.chance(0.5) ? { customFields } : {}) };
      return { id: current?.id ?? rng.uuid(), ...(type !== current?.type ? { type, customFields } : patch) };
    }
    case 'deleteClient':
      return { id: client() };
    case 'setClientTags':
      return { clientId: client(), tagIds: rng.sample(view.tags, rng.int(0, 3)).map((t) => t.id) };
    case 'createTag': {
      const reused = pick(rng, view.tags);
      const name =
        reused && rng.chance(0.3) ? String(reused.name).toUpperCase() : `Etiqueta ${rng.int(1, 99)}`;
      return { id: rng.uuid(), name, color: rng.pick(TAG_COLORS) };
    }
    case 'addInteraction': {
      const { clientId, type, direction, result, summary, notes, duration, followUpRequired, followUpDate } =
        buildInteraction(rng, activity(), now);
      return {
        id: rng.uuid(),
        clientId,
        type,
        direction,
        result,
        summary,
        notes,
        duration,
        followUpRequired,
        followUpDate,
      };
    }
    case 'createFollowUp': {
      // Some are visits of a property (maybe one the other side deleted).
      const visit = rng.chance(0.4) ? { type: VISIT_TYPE, propertyId: idOf(rng, view.properties) } : {};
      return { id: rng.uuid(), clientId: client(), ...followUp(), ...visit };
    }
    case 'recordVisitFeedback': {
      const visits = view.followUps.filter((f) => f.type === VISIT_TYPE);
      return {
        id: rng.chance(0.85) ? idOf(rng, visits) : idOf(rng, view.followUps),
        visitInterest: rng.int(1, 5),
        ...some(rng, { visitPriceOpinion: rng.pick(VISIT_PRICE_OPINIONS), visitFeedback: 'Gostou da luz' }),
      };
    }
    case 'updateFollowUp':
      return { id: idOf(rng, view.followUps), ...some(rng, { ...followUp(), completed: rng.chance(0.5) }) };
    case 'completeFollowUp': {
      const open = view.followUps.filter((f) => !f.completed);
      const next = {
        id: rng.uuid(),
        type: rng.pick(NEXT_FOLLOW_UP_TYPES),
        title: 'Voltar a ligar',
        scheduledDate: soon(rng),
      };
      return {
        id: rng.chance(0.8) ? idOf(rng, open) : idOf(rng, view.followUps),
        completionComment: rng.chance(0.7) ? 'Feito' : null,
        ...(rng.chance(0.5)
          ? { nextFollowUp: { ...some(rng, next), id: next.id, scheduledDate: next.scheduledDate } }
          : {}),
      };
    }
    case 'deleteFollowUp':
      return { id: idOf(rng, view.followUps) };
    case 'logColdCall': {
      const call = buildColdCall(rng, activity(), { phoneNumber: null, calledAt: now });
      const followUp = {
        id: rng.uuid(),
        scheduledDate: soon(rng),
        title: 'Ligar de novo',
        type: 'Telefonar',
      };
      return {
        id: rng.uuid(),
        clientId: call.clientId,
        campaignId: rng.chance(0.6) ? idOf(rng, view.campaigns) : null,
        ...some(rng, {
          result: call.result,
          notes: call.notes,
          duration: call.duration,
          phoneNumber: '912345678',
        }),
        ...(rng.chance(0.4)
          ? { followUp: { ...some(rng, followUp), id: followUp.id, scheduledDate: followUp.scheduledDate } }
          : {}),
      };
    }
    case 'createCampaign': {
      const filters = some(rng, {
        clientType: rng.pick(CLIENT_TYPES),
        minRating: rng.int(0, 5),
        hasPhone: true,
        lastContactDays: rng.int(1, 90),
      });
      const clientIds = rng.sample(view.clients, rng.int(0, 3)).map((c) => c.id);
      return {
        id: rng.uuid(),
        name: `Campanha ${rng.int(1, 99)}`,
        filters,
        targetCount: rng.int(1, 6),
        ...(rng.chance(0.3) ? { clientIds } : {}),
      };
    }
    case 'deleteCampaign':
      return { id: idOf(rng, view.campaigns) };
    case 'addCampaignClient':
      return { id: rng.uuid(), campaignId: idOf(rng, view.campaigns), clientId: client() };
    case 'removeCampaignClient': {
      const member = pick(rng, view.campaignClients);
      return rng.chance(0.7) && member
        ? { campaignId: member.campaignId, clientId: member.clientId }
        : { campaignId: idOf(rng, view.campaigns), clientId: client() };
    }
    case 'markNotificationRead':
      return { id: idOf(rng, view.notifications) };
    case 'markAllNotificationsRead':
      return {};
    case 'updateSettings':
      return some(rng, {
        appearance: some(rng, { theme: rng.pick(THEMES), compactMode: rng.chance(0.5) }),
        notifications: some(rng, { email: rng.chance(0.5), reports: rng.chance(0.5) }),
        privacy: some(rng, { dataSharing: rng.chance(0.5) }),
      });
    case 'updateNotificationPreferences':
      return {
        ...Object.fromEntries(NOTIFICATION_SWITCHES.map((k) => [k, rng.chance(0.7)])),
        notification_time: rng.pick(['08:00', '09:30', '18:45']),
      };
    case 'updateProfile':
      return {
        firstName: rng.pick(['Ana', 'Rui', 'Inês']),
        lastName: rng.chance(0.7) ? 'Sousa' : null,
        email: rng.chance(0.8) ? me.email : `novo.${rng.int(1, 1e6)}@exemplo.pt`,
        ...some(rng, { phone: '912345678', bio: 'Consultora em Lisboa.' }),
      };
  }
}

/**
 * Ids the app's mutators (web/src/data/mutators.ts) always fill in before the effect runs, when absent
 * or not a string: breaking them with anything but a string would test a write the app never makes.
 */
const FILLED_IDS = new Set([
  ...[
    'createClient',
    'createTag',
    'addInteraction',
    'createFollowUp',
    'createCampaign',
    'createProperty',
  ].map((n) => `${n}:id`),
  ...[
    'addCampaignClient:id',
    'logColdCall:id',
    'logColdCall:followUp.id',
    'completeFollowUp:nextFollowUp.id',
  ],
]);

/**
 * The step's args: valid ones, or with one (possibly nested) argument replaced by a bad value. `salt`
 * (the run's organization and the step's place) keeps generated ids unique across runs and steps.
 */
export function argsFor(step: Step, view: View, me: Row, salt: string): Row {
  if (step.fixed) return step.fixed(view, me);
  const rng = createRandom(`${step.seed}/${salt}`);
  const args = validArgs(step.name, rng, view, me);
  if (!step.corrupt) return args;
  const paths = Object.entries(args).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? [[k], ...Object.keys(v).map((sub) => [k, sub])] : [[k]],
  );
  if (paths.length === 0) paths.push(['extra']);
  // Half the time inside an object argument (customFields, filters, settings, a next follow-up).
  const nested = paths.filter((p) => p.length === 2);
  const among = step.corrupt.key % 2 === 0 && nested.length ? nested : paths;
  const path = among[Math.floor(step.corrupt.key / 2) % among.length]!;
  const picked = BAD_VALUES[step.corrupt.value];
  const bad = picked === UNKNOWN_ID ? rng.uuid() : picked;
  const value = FILLED_IDS.has(`${step.name}:${path.join('.')}`) && typeof bad !== 'string' ? 'x' : bad;
  const parent = path.length === 2 ? (args[path[0]!] as Row) : args;
  const key = path.at(-1)!;
  if (value === undefined) delete parent[key];
  else parent[key] = structuredClone(value);
  return args;
}
