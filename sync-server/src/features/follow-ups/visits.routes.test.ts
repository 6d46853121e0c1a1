import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, followUpSchema, validationMessages } from '@casa/shared-schema';
import { createClient, createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

/** Visits (issue 20): a follow-up of type Visita naming a property, and its feedback. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createMember>> & {
  http: TestClient;
  buyerId: string;
  propertyId: string;
};

async function member(): Promise<Member> {
  const m = await createMember(server.knex, 'agent');
  const buyerId = await createClient(server.knex, m.organization.id, { name: 'Marta Reis' });
  const http = await server.loginAs(m.user.email, TEST_PASSWORD);
  const property = await http.post('/api/properties', {
    title: 'T2 com varanda',
    business: 'Venda',
    propertyType: 'Apartamento',
  });
  expect(property.status).toBe(201);
  return { ...m, http, buyerId, propertyId: property.json.id };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function scheduleVisit(m: Member, body: Record<string, unknown> = {}) {
  const res = await m.http.post('/api/followups', {
    clientId: m.buyerId,
    propertyId: m.propertyId,
    title: 'Visita CASA-000001 – Marta Reis',
    type: 'Visita',
    scheduledDate: tomorrow(),
    ...body,
  });
  expect(res.status).toBe(201);
  return followUpSchema.parse(res.json);
}

/** The follow-ups table as stored, to prove a refused write changed nothing. */
const stored = (id: string) => server.knex('follow_ups').where({ id }).first();

describe('visits', () => {
  it('creates a Visita with its property and records the feedback, which completes it', async () => {
    const m = await member();
    const visit = await scheduleVisit(m);
    expect(visit).toMatchObject({
      type: 'Visita',
      propertyId: m.propertyId,
      completed: false,
      visitInterest: null,
      visitPriceOpinion: null,
      visitFeedback: null,
    });
    const res = await m.http.put(`/api/followups/${visit.id}/visit-feedback`, {
      visitInterest: 4,
      visitPriceOpinion: 'Acima do valor',
      visitFeedback: 'Gostou da cozinha; acha caro.',
    });
    expect(res.status).toBe(200);
    expect(followUpSchema.parse(res.json)).toMatchObject({
      visitInterest: 4,
      visitPriceOpinion: 'Acima do valor',
      visitFeedback: 'Gostou da cozinha; acha caro.',
      completed: true,
    });
    const one = await m.http.get(`/api/followups/${visit.id}`);
    expect(one.json).toMatchObject({ visitInterest: 4, completed: true, propertyId: m.propertyId });
    // Recorded again after a completion: replaces the feedback, keeps the completion.
    const completedAt = one.json.completedAt;
    const again = await m.http.put(`/api/followups/${visit.id}/visit-feedback`, { visitInterest: 2 });
    expect(again.json).toMatchObject({ visitInterest: 2, visitPriceOpinion: null, completedAt });
  });

  it('refuses bad feedback with pt-PT messages and writes nothing', async () => {
    const m = await member();
    const visit = await scheduleVisit(m);
    const before = await stored(visit.id);
    const url = `/api/followups/${visit.id}/visit-feedback`;
    for (const visitInterest of [0, 6, 2.5]) {
      const res = await m.http.put(url, { visitInterest });
      expect(res.status).toBe(400);
      expect(res.json.fieldErrors.visitInterest).toBe(validationMessages.visitInterestRange);
    }
    const missing = await m.http.put(url, { visitFeedback: 'sem nota' });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors.visitInterest).toBe(validationMessages.visitInterestRequired);
    const opinion = await m.http.put(url, { visitInterest: 3, visitPriceOpinion: 'Barato' });
    expect(opinion.status).toBe(400);
    expect(opinion.json.fieldErrors.visitPriceOpinion).toBe(validationMessages.invalidOption);

    // Not a Visita.
    const call = await scheduleVisit(m, { type: 'Telefonar', title: 'Ligar' });
    const notVisit = await m.http.put(`/api/followups/${call.id}/visit-feedback`, { visitInterest: 3 });
    expect(notVisit.status).toBe(400);
    expect(notVisit.json.message).toBe(errorMessages.visitFeedbackNotAVisit);
    expect((await stored(call.id)).visit_interest).toBeNull();
    expect((await stored(call.id)).completed).toBeFalsy();
    expect(await stored(visit.id)).toEqual(before);
  });

  it("refuses another organization's property and visit (404 pt-PT), writing nothing", async () => {
    const m = await member();
    const foreign = await member();
    const theirs = await scheduleVisit(foreign);
    const count = async () => Number((await server.knex('follow_ups').count({ n: '*' }).first())?.n);
    const n = await count();
    const res = await m.http.post('/api/followups', {
      clientId: m.buyerId,
      propertyId: foreign.propertyId,
      title: 'Visita',
      type: 'Visita',
      scheduledDate: tomorrow(),
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(errorMessages.propertyNotFound);
    const mine = await scheduleVisit(m);
    const moved = await m.http.put(`/api/followups/${mine.id}`, { propertyId: foreign.propertyId });
    expect(moved.status).toBe(404);
    expect(moved.json.message).toBe(errorMessages.propertyNotFound);
    expect((await stored(mine.id)).property_id).toBe(m.propertyId);
    const feedback = await m.http.put(`/api/followups/${theirs.id}/visit-feedback`, { visitInterest: 5 });
    expect(feedback.status).toBe(404);
    expect(feedback.json.message).toBe(errorMessages.followUpNotFound);
    expect((await stored(theirs.id)).visit_interest).toBeNull();
    expect(await count()).toBe(n + 1);
    const bad = await m.http.put('/api/followups/nao-e-um-id/visit-feedback', { visitInterest: 5 });
    expect(bad.status).toBe(404);
  });

  it('forbids a viewer to schedule a visit or record feedback (403)', async () => {
    const m = await member();
    const visit = await scheduleVisit(m);
    const viewer = await createUser(server.knex, { organizationId: m.organization.id, role: 'viewer' });
    const v = await server.loginAs(viewer.email, TEST_PASSWORD);
    for (const res of [
      await v.put(`/api/followups/${visit.id}/visit-feedback`, { visitInterest: 5 }),
      await v.post('/api/followups', {
        clientId: m.buyerId,
        propertyId: m.propertyId,
        title: 'Visita',
        type: 'Visita',
        scheduledDate: tomorrow(),
      }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(errorMessages.forbidden);
    }
    expect((await stored(visit.id)).visit_interest).toBeNull();
  });
});
