import type {
  CurrentUser,
  PhotoUploadResponse,
  Profile,
  ProfilePasswordChange,
  ProfileUpdate,
} from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { api, ApiError, type ApiClient } from '../../lib/api';
import type { SyncClient } from '../../data/sync-client';

/** GET /api/profile; a failure raises 'Falha ao carregar perfil' (docs/product.md#accounts). */
export async function loadProfile(client: ApiClient = api): Promise<Profile> {
  try {
    return await client.get<Profile>('/api/profile');
  } catch (cause) {
    throw new Error(errorMessages.profileLoadFailed, { cause });
  }
}

/** The profile as far as the signed-in user (cached on the device) tells it: no phone or bio. */
export function profileFromUser(user: CurrentUser): Profile {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: null,
    bio: null,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    organizationId: user.organizationId,
    status: user.status,
  };
}

/**
 * `editable`: offline, the profile comes from the replica's own users row, which carries the phone and
 * bio (shared-schema syncUserSchema), so saving it queues `updateProfile` without blanking anything.
 * A replica pulled before the row carried them (or none at all) shows the signed-in user read-only.
 */
export type LoadedProfile = { profile: Profile; offline: boolean; editable: boolean };

type ReplicaUser = Record<string, unknown>;

/** The profile from the replica's own users row, when it carries every field the form sends. */
export function profileFromReplica(user: CurrentUser, row: ReplicaUser | undefined): Profile | null {
  if (!row || !('phone' in row) || !('bio' in row)) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    ...profileFromUser(user),
    firstName: text(row.firstName),
    lastName: text(row.lastName),
    email: text(row.email) ?? user.email,
    phone: text(row.phone),
    bio: text(row.bio),
    profileImageUrl: text(row.profileImageUrl),
  };
}

/**
 * The profile from the server, or, when the server cannot be reached (offline: no answer at all), the one
 * the device knows (its replica's row, else the signed-in user), marked offline. An answer that is an
 * error stays an error.
 */
export async function loadProfileOrCached(
  user: CurrentUser,
  client: ApiClient = api,
  replicaRow: () => Promise<ReplicaUser | undefined> = () => Promise.resolve(undefined),
): Promise<LoadedProfile> {
  try {
    return { profile: await client.get<Profile>('/api/profile'), offline: false, editable: true };
  } catch (cause) {
    if (cause instanceof ApiError) throw new Error(errorMessages.profileLoadFailed, { cause });
    const cached = profileFromReplica(user, await replicaRow().catch(() => undefined));
    return cached
      ? { profile: cached, offline: true, editable: true }
      : { profile: profileFromUser(user), offline: true, editable: false };
  }
}

/** The replica reader of the loaders above: the signed-in user's own row. */
export const ownReplicaRow = (sync: SyncClient | null, userId: string) => async () =>
  (await sync?.db.users.get(userId)) as ReplicaUser | undefined;

/**
 * Offline save: queues `updateProfile` with the whole form (a blank field becomes null, as PUT
 * /api/profile); the replica shows it at once and the outbox sends it once when there is a connection.
 * The email stays the stored one (a new one needs the network and the current password).
 */
export async function saveProfileOffline(sync: SyncClient | null, fields: ProfileUpdate): Promise<void> {
  if (!sync) throw new Error('replica not open');
  const { currentPassword: _never, ...form } = fields;
  await sync.mutate.updateProfile(form);
}

export function saveProfile(input: ProfileUpdate, client: ApiClient = api): Promise<Profile> {
  return client.put<Profile>('/api/profile', input);
}

export async function changeProfilePassword(input: ProfilePasswordChange, client: ApiClient = api) {
  await client.put('/api/profile/password', input);
}

export function uploadPhoto(file: File, client: ApiClient = api): Promise<PhotoUploadResponse> {
  const form = new FormData();
  form.append('photo', file);
  return client.post<PhotoUploadResponse>('/api/profile/photo', form);
}

export async function removePhoto(client: ApiClient = api): Promise<void> {
  await client.del('/api/profile/photo');
}

/** Profile screen toasts use the server's message field when present, else the screen's default (docs/product.md#messages). */
export function profileFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const message = (error.body as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}
