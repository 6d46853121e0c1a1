import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { errorMessages, notificationPreferencesSchema, validationMessages } from '@casa/shared-schema';
import { FakeSyncServer } from './testing/fake-sync-server';
import { createDevice, type Device } from './testing/device';
import { AGENT, buyer, ORG, VIEWER } from './testing/fixtures';
import { MutationRejection, rejectionMessage } from '@casa/shared-schema/mutators';

const devices: Device[] = [];
async function device(role: 'agent' | 'viewer' = 'agent') {
  const server = new FakeSyncServer(ORG);
  server.addMember(AGENT);
  server.addMember(VIEWER, 'viewer');
  const d = await createDevice(server, role === 'agent' ? AGENT : VIEWER, { role });
  devices.push(d);
  return { d, server };
}

/** A device with the buyer 'Ana' and one open follow-up of hers. */
async function deviceWithFollowUp() {
  const { d } = await device();
  const { id: clientId } = await d.mutate.createClient(buyer('Ana'));
  const { id } = await d.mutate.createFollowUp({
    clientId,
    title: 'Ligar',
    type: 'Telefonar',
    scheduledDate: '2026-11-23T10:00:00Z',
  });
  return { d, clientId, id };
}

afterEach(async () => {
  for (const d of devices.splice(0)) await d.db.delete();
});

describe('mutators', () => {
  it('write the optimistic row and the outbox entry together, with a client id the server keeps', async () => {
    const { d, server } = await device();
    const { id, mutationId } = await d.mutate.createClient(buyer('Ana'));
    expect(mutationId).toBe(1);
    expect(await d.db.clients.get(id!)).toMatchObject({
      name: 'Ana',
      type: 'Comprador',
      agentId: AGENT,
      tags: [],
    });
    expect(await d.db.outbox.toArray()).toEqual([
      expect.objectContaining({ mutationId: 1, name: 'createClient', args: { ...buyer('Ana'), id } }),
    ]);
    await d.engine.syncNow();
    expect(server.tables.get('clients')!.has(id!)).toBe(true);
  });

  it('refuse invalid args with the server messages and write nothing', async () => {
    const { d } = await device();
    const err = await d.mutate.createClient({ name: ' ', type: 'Comprador' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MutationRejection);
    expect(err).toMatchObject({
      status: 400,
      message: validationMessages.checkRequiredFields,
      fieldErrors: { name: validationMessages.clientNameRequired },
    });
    await expect(d.mutate.updateClient({ id: crypto.randomUUID(), rating: 2 })).rejects.toThrow(
      errorMessages.clientNotFound,
    );
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.clients.count()).toBe(0);
    expect(await d.db.base.count()).toBe(0);
  });

  it('give a refusal its own message for the toast, and anything else the fallback', async () => {
    const { d } = await device();
    const err = await d.mutate.createClient({ name: ' ', type: 'Comprador' }).catch((e: unknown) => e);
    expect(rejectionMessage(err)).toBe(validationMessages.checkRequiredFields);
    expect(rejectionMessage(err, 'outro')).toBe(validationMessages.checkRequiredFields);
    expect(rejectionMessage(new Error('rede'), 'outro')).toBe('outro');
    expect(rejectionMessage(new Error('rede'))).toBeUndefined();
    expect(rejectionMessage(new MutationRejection(400, 'x', ''), 'outro')).toBe('outro');
  });

  it('refuse every CRM write of a viewer with the 403 text; reading a notification is allowed', async () => {
    const { d } = await device('viewer');
    await expect(d.mutate.createClient(buyer('Ana'))).rejects.toThrow(errorMessages.forbidden);
    await expect(d.mutate.createTag({ name: 'VIP' })).rejects.toMatchObject({ status: 403 });
    await expect(d.mutate.markAllNotificationsRead()).resolves.toMatchObject({ mutationId: 1 });
    expect(await d.db.outbox.count()).toBe(1);
  });

  it('keep the own settings and notification preferences of every role, a viewer included', async () => {
    const { d } = await device('viewer');
    await d.mutate.updateSettings({ appearance: { theme: 'dark' } });
    await d.mutate.updateNotificationPreferences({ birthdays: false, notification_time: '08:30' });
    expect(await d.db.userSettings.get(VIEWER)).toMatchObject({
      appearance: { theme: 'dark', compactMode: false },
    });
    // The whole object is replaced: the keys not sent take their defaults, as on the server.
    expect(await d.db.notificationPreferences.get(VIEWER)).toEqual({
      id: VIEWER,
      ...notificationPreferencesSchema.parse({ birthdays: false, notification_time: '08:30' }),
    });
    expect((await d.db.outbox.toArray()).map((e) => e.name)).toEqual([
      'updateSettings',
      'updateNotificationPreferences',
    ]);
    await expect(
      d.mutate.updateNotificationPreferences({ notification_time: '25:00' }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('updateClient sends only the changed fields', async () => {
    const { d } = await device();
    const { id } = await d.mutate.createClient({ ...buyer('Ana'), rating: 2 });
    await d.mutate.updateClient({ id: id!, name: 'Ana', rating: 4, notes: 'nova' });
    const entry = await d.db.outbox.get(2);
    expect(entry?.args).toEqual({ id, rating: 4, notes: 'nova' });
    expect(await d.db.clients.get(id!)).toMatchObject({ rating: 4, notes: 'nova' });
  });

  it('completeFollowUp creates the next follow-up locally; a second completion is refused (409)', async () => {
    const { d, clientId, id } = await deviceWithFollowUp();
    await d.mutate.completeFollowUp({
      id: id!,
      completionComment: 'feito',
      nextFollowUp: { type: 'Visita', scheduledDate: '2026-11-30T15:00:00Z' },
    });
    const rows = await d.db.followUps.where('clientId').equals(clientId!).toArray();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === id)).toMatchObject({ completed: true, completionComment: 'feito' });
    expect(rows.find((r) => r.id !== id)).toMatchObject({ title: 'Visita - Ana', completed: false });
    await expect(d.mutate.completeFollowUp({ id: id! })).rejects.toMatchObject({ status: 409 });
  });

  it('a completed follow-up cannot be reopened by an edit (409): its first completion is kept', async () => {
    const { d, id } = await deviceWithFollowUp();
    await d.mutate.completeFollowUp({ id: id!, completionComment: 'primeira' });
    const completed = await d.db.followUps.get(id!);
    await expect(d.mutate.updateFollowUp({ id: id!, completed: false })).rejects.toMatchObject({
      status: 409,
      message: errorMessages.followUpReopenRefused,
    });
    expect(await d.db.followUps.get(id!)).toEqual(completed);
    await d.mutate.updateFollowUp({ id: id!, notes: 'depois' });
    expect(await d.db.followUps.get(id!)).toMatchObject({
      completed: true,
      completedAt: completed!.completedAt,
      completionComment: 'primeira',
      notes: 'depois',
    });
  });

  it('logColdCall with a follow-up and a campaign: membership and completed count follow', async () => {
    const { d } = await device();
    const { id: clientId } = await d.mutate.createClient({ name: 'Rui', type: 'Vendedor', phone: '913' });
    const { id: campaignId } = await d.mutate.createCampaign({ name: 'Lisboa' });
    const call = await d.mutate.logColdCall({
      clientId,
      campaignId,
      result: 'Interessado',
      followUp: { scheduledDate: '2026-11-24T10:00:00Z' },
    });
    expect(await d.db.coldCalls.get(call.id!)).toMatchObject({ phoneNumber: '913', followUpNeeded: true });
    expect(await d.db.campaignClients.where('campaignId').equals(campaignId!).count()).toBe(1);
    expect(await d.db.campaigns.get(campaignId!)).toMatchObject({ completedCount: 1 });
    const args = (await d.db.outbox.get(call.mutationId))!.args as { followUp: { id: string } };
    expect(await d.db.followUps.get(args.followUp.id)).toMatchObject({ title: 'Telefonar - Rui' });
  });
});
