import type { Profile, SettingsPasswordChange } from '@casa/shared-schema';
import { api, ApiError, type ApiClient } from '../../lib/api';
import { downloadBlob } from '../../lib/download';

/** PUT /api/user/profile with the settings form's fields (the email is not editable there). */
export function updateSettingsProfile(
  input: { firstName: string; lastName: string; phone: string },
  client: ApiClient = api,
): Promise<Profile> {
  return client.put<Profile>('/api/user/profile', input);
}

export async function changeSettingsPassword(input: SettingsPasswordChange, client: ApiClient = api) {
  await client.put('/api/profile/password', input);
}

/** Password change: the server's error or message, else the screen's default (docs/product.md#messages). */
export function passwordFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
    if (typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

/** 'casa-crm-dados-2026-11-22.json' for the given day. */
export function exportFileName(now: Date = new Date()): string {
  return `casa-crm-dados-${now.toISOString().slice(0, 10)}.json`;
}

/** GET /api/user/export, downloaded as a dated JSON file. */
export async function downloadExport(client: ApiClient = api): Promise<void> {
  const data = await client.get<unknown>('/api/user/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  downloadBlob(blob, exportFileName());
}

export async function deleteAccount(client: ApiClient = api): Promise<void> {
  await client.del('/api/account');
}
