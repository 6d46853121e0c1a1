import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorMessages,
  propertySheetLinkCreatedSchema,
  propertySheetLinkSchema,
  type PropertySheetLinkCreated,
} from '@casa/shared-schema';
import { createMember, createUser, TEST_PASSWORD } from '../../../test/factories';
import { photoForm } from '../../../test/images';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';
import { hashSheetToken } from './sheet-token';

let server: TestServer;
let agent: TestClient;
let viewer: TestClient;
let outsider: TestClient;
let propertyId: string;
let outsiderPropertyId: string;
let photoId: string;

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

beforeAll(async () => {
  server = await startTestServer();
  const member = await createMember(server.knex, 'agent', { name: 'Imobiliária <Sol> & Mar' });
  await server.knex('users').where({ id: member.user.id }).update({ phone: '912 345 678' });
  agent = await server.loginAs(member.user.email, TEST_PASSWORD);
  const viewerUser = await createUser(server.knex, {
    organizationId: member.organization.id,
    role: 'viewer',
  });
  viewer = await server.loginAs(viewerUser.email, TEST_PASSWORD);
  const other = await createMember(server.knex, 'admin', { name: 'Outra Imobiliária' });
  outsider = await server.loginAs(other.user.email, TEST_PASSWORD);

  const seller = (await agent.post('/api/clients', { name: 'Vera Proprietária', type: 'Vendedor' })).json.id;
  const created = await agent.post('/api/properties', {
    title: 'T2 <renovado> com varanda',
    business: 'Venda',
    propertyType: 'Apartamento',
    typology: 'T2',
    bedrooms: 2,
    usableArea: 100,
    priceCents: 25_000_000,
    energyClass: 'B-',
    features: ['Elevador', 'Varanda'],
    concelho: 'Setúbal',
    freguesia: 'São Sebastião',
    street: 'Avenida Luísa Todi, 12',
    postalCode: '2900-461',
    ownerClientId: seller,
    mediationExclusive: true,
    commissionPercent: 4.5,
    notes: 'Chaves com a vizinha do 3.º esq.',
  });
  expect(created.status).toBe(201);
  propertyId = created.json.id;
  outsiderPropertyId = (
    await outsider.post('/api/properties', { title: 'Alheio', business: 'Venda', propertyType: 'Moradia' })
  ).json.id;

  photoId = randomUUID();
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  const body = photoForm(jpeg, 'sala.jpg', 'image/jpeg');
  body.append('id', photoId);
  expect((await agent.request('POST', `/api/properties/${propertyId}/photos`, { raw: body })).status).toBe(
    201,
  );
}, 30_000);
afterAll(() => server?.close());

async function makeLink(client = agent, id = propertyId): Promise<PropertySheetLinkCreated> {
  const res = await client.post(`/api/properties/${id}/sheet-links`);
  expect(res.status).toBe(201);
  return propertySheetLinkCreatedSchema.parse(res.json);
}
const pathOf = (url: string) => new URL(url).pathname;

describe('sheet links', () => {
  it('makes a link whose URL carries a 256-bit token stored only as its SHA-256', async () => {
    const link = await makeLink();
    const token = pathOf(link.url).split('/').pop()!;
    expect(pathOf(link.url)).toBe(`/ficha/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await server.knex('property_sheet_links').where({ id: link.id }).first();
    expect(row.token_hash).toBe(hashSheetToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(link).toMatchObject({ propertyId, createdByName: expect.any(String) });
    // Without PUBLIC_URL the link is on the address the request came to.
    expect(new URL(link.url).origin).toBe(server.url);
  });

  it('lists the active links without tokens, and a revoked one leaves the list and stops opening', async () => {
    const link = await makeLink();
    const listed = await agent.get(`/api/properties/${propertyId}/sheet-links`);
    expect(listed.status).toBe(200);
    const links = listed.json.map((l: unknown) => propertySheetLinkSchema.strict().parse(l));
    expect(links.map((l: { id: string }) => l.id)).toContain(link.id);
    expect(listed.text).not.toContain(pathOf(link.url).split('/').pop());

    expect((await server.client().get(pathOf(link.url))).status).toBe(200);
    expect((await agent.delete(`/api/sheet-links/${link.id}`)).json).toEqual({ ok: true });
    expect((await agent.delete(`/api/sheet-links/${link.id}`)).status).toBe(200);
    const after = await agent.get(`/api/properties/${propertyId}/sheet-links`);
    expect(after.json.map((l: { id: string }) => l.id)).not.toContain(link.id);

    const gone = await server.client().get(pathOf(link.url));
    expect(gone.status).toBe(404);
    expect(gone.text).toContain(errorMessages.propertySheetUnavailable);
    // Nothing of the property in the page (its head holds a random style nonce, which may spell 'T2').
    const body = gone.text.slice(gone.text.indexOf('<body'));
    expect(body).toContain(errorMessages.propertySheetUnavailable);
    expect(body).not.toContain('T2');
  });

  it('refuses viewers (403) and answers 404 for another organization', async () => {
    const refused = await viewer.post(`/api/properties/${propertyId}/sheet-links`);
    expect([refused.status, refused.json.message]).toEqual([403, errorMessages.forbidden]);
    const link = await makeLink();
    expect((await viewer.delete(`/api/sheet-links/${link.id}`)).status).toBe(403);
    expect((await viewer.get(`/api/properties/${propertyId}/sheet-links`)).status).toBe(200);

    expect((await outsider.post(`/api/properties/${propertyId}/sheet-links`)).status).toBe(404);
    expect((await outsider.get(`/api/properties/${propertyId}/sheet-links`)).status).toBe(404);
    expect((await outsider.delete(`/api/sheet-links/${link.id}`)).status).toBe(404);
    expect((await agent.post(`/api/properties/${outsiderPropertyId}/sheet-links`)).status).toBe(404);
    expect((await agent.delete(`/api/sheet-links/${randomUUID()}`)).status).toBe(404);
    expect((await server.client().get(pathOf(link.url))).status).toBe(200);
  });
});

describe('the public sheet', () => {
  it('shows the facts, agency and agent, escaped, and never the owner, notes, street or mediation', async () => {
    const res = await server.client().get(pathOf((await makeLink()).url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = plain(res.text);
    expect(html).toContain('T2 &lt;renovado&gt; com varanda');
    expect(html).not.toContain('<renovado>');
    expect(html).toContain('Imobiliária &lt;Sol&gt; &amp; Mar');
    expect(html).toContain('€ 250 000');
    expect(html).toContain('€ 2 500/m²');
    expect(html).toMatch(/CASA-\d{6}/);
    for (const fact of ['Elevador', 'Varanda', 'B-', 'São Sebastião, Setúbal', '100 m²', '912 345 678'])
      expect(html).toContain(fact);
    for (const secret of [
      'Vera Proprietária',
      'Chaves com a vizinha',
      'Luísa Todi',
      '2900-461',
      '4,5',
      '4.5',
    ])
      expect(html).not.toContain(secret);
    expect(html).toContain(`/fotos/${photoId}`);
  });

  it('without a responsible agent, names the member who made the link', async () => {
    const id = (
      await agent.post('/api/properties', { title: 'Sem agente', business: 'Venda', propertyType: 'Moradia' })
    ).json.id;
    await server.knex('properties').where({ id }).update({ agent_id: null });
    const html = plain((await server.client().get(pathOf((await makeLink(agent, id)).url))).text);
    expect(html).toContain('912 345 678');
  });

  it('keeps strict headers: a nonce CSP without unsafe-inline, no referrer, private short cache', async () => {
    const res = await server.client().get(pathOf((await makeLink()).url));
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe');
    expect(res.text).toContain(`<script nonce="${nonce}">`);
    expect(res.text).toContain('window.print()');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
  });

  it("serves only that property's photos at display size, while the link lives", async () => {
    const link = await makeLink();
    const page = pathOf(link.url);
    const photo = await server.client().get(`${page}/fotos/${photoId}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect((await sharp(photo.buffer).metadata()).width).toBe(800);

    // Another property's photo through this token: not found.
    const otherProperty = (
      await agent.post('/api/properties', { title: 'Outro', business: 'Venda', propertyType: 'Moradia' })
    ).json.id;
    const otherPhoto = randomUUID();
    const body = photoForm(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      'x.jpg',
      'image/jpeg',
    );
    body.append('id', otherPhoto);
    await agent.request('POST', `/api/properties/${otherProperty}/photos`, { raw: body });
    expect((await server.client().get(`${page}/fotos/${otherPhoto}`)).status).toBe(404);
    expect((await server.client().get(`${page}/fotos/not-a-uuid`)).status).toBe(404);

    await agent.delete(`/api/sheet-links/${link.id}`);
    expect((await server.client().get(`${page}/fotos/${photoId}`)).status).toBe(404);
  });

  it('answers the pt-PT 404 page for an unknown or malformed token', async () => {
    for (const token of ['x'.repeat(43), 'curto', '%3Cscript%3E']) {
      const res = await server.client().get(`/ficha/${token}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain(errorMessages.propertySheetUnavailable);
      expect(res.text).not.toContain('<script>');
    }
  });

  it('ends the links of a deleted property', async () => {
    const id = (
      await agent.post('/api/properties', {
        title: 'A apagar',
        business: 'Arrendamento',
        propertyType: 'Apartamento',
        priceCents: 95_000,
      })
    ).json.id;
    const link = await makeLink(agent, id);
    const open = await server.client().get(pathOf(link.url));
    expect(plain(open.text)).toContain('€ 950/mês');
    expect((await agent.delete(`/api/properties/${id}`)).status).toBe(200);
    expect((await server.client().get(pathOf(link.url))).status).toBe(404);
    expect((await agent.get(`/api/properties/${id}/sheet-links`)).status).toBe(404);
  });
});

describe('sheet links with PUBLIC_URL', () => {
  it('are on the configured origin whatever the Host, and the cover image of the page too', async () => {
    const own = await startTestServer({ env: { PUBLIC_URL: 'https://crm.example.pt/' } });
    try {
      const member = await createMember(own.knex, 'agent');
      const client = await own.loginAs(member.user.email, TEST_PASSWORD);
      const id = (
        await client.post('/api/properties', { title: 'T1', business: 'Venda', propertyType: 'Apartamento' })
      ).json.id;
      const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#48c' } })
        .jpeg()
        .toBuffer();
      const form = photoForm(jpeg, 'capa.jpg', 'image/jpeg');
      form.append('id', randomUUID());
      const photo = await client.request('POST', `/api/properties/${id}/photos`, { raw: form });
      expect(photo.status).toBe(201);
      const res = await client.post(`/api/properties/${id}/sheet-links`);
      expect(res.status).toBe(201);
      const { url } = propertySheetLinkCreatedSchema.parse(res.json);
      expect(url).toMatch(/^https:\/\/crm\.example\.pt\/ficha\/[A-Za-z0-9_-]{43}$/);
      const page = await own.client().get(pathOf(url));
      expect(page.status).toBe(200);
      expect(page.text).toContain(`content="${url}/fotos/`);
    } finally {
      await own.close();
    }
  }, 30_000);
});
