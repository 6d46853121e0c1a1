import {
  errorMessages,
  type CurrentUser,
  type PhotoUploadResponse,
  type Profile,
  type ProfilePasswordChange,
  type ProfileUpdate,
} from '@casa/shared-schema';
import { api, ApiError, type ApiClient } from '../../lib/api';

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

export type LoadedProfile = { profile: Profile; offline: boolean };

/**
 * The profile from the server, or, when the server cannot be reached (offline: no answer at all), the one
 * the device knows from the signed-in user, marked offline. An answer that is an error stays an error.
 */
export async function loadProfileOrCached(
  user: CurrentUser,
  client: ApiClient = api,
): Promise<LoadedProfile> {
  try {
    return { profile: await client.get<Profile>('/api/profile'), offline: false };
  } catch (cause) {
    if (cause instanceof ApiError) throw new Error(errorMessages.profileLoadFailed, { cause });
    return { profile: profileFromUser(user), offline: true };
  }
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
