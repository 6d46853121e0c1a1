import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, profileSchema, validationMessages } from '@casa/shared-schema';
import { verifyPassword } from '../src/lib/password';
import { createMember, createUser, TEST_PASSWORD } from './factories';
import { Device } from '../src/features/sync/sync.testkit';
import { photoForm, pngClaiming, pngOf, tinyJpeg, tinyPng } from './images';
import { startTestServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET/PUT /api/profile', () => {
  it('reads and updates the profile; blank optional fields become null', async () => {
    const { user } = await createMember(server.knex, 'agent');
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const before = await client.get('/api/profile');
    expect(before.status).toBe(200);
    expect(profileSchema.parse(before.json)).toMatchObject({
      id: user.id,
      email: user.email,
      status: 'active',
    });

    const res = await client.put('/api/profile', {
      firstName: ' Beatriz ',
      lastName: 'Nunes',
      email: 'Beatriz.Nunes@Exemplo.pt',
      phone: '',
      bio: 'Agente em Lisboa',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: 'Beatriz',
      lastName: 'Nunes',
      email: 'beatriz.nunes@exemplo.pt',
      phone: null,
      bio: 'Agente em Lisboa',
    });
    expect((await client.get('/api/auth/me')).json.email).toBe('beatriz.nunes@exemplo.pt');
  });

  it('a new login email needs the current password (issue 17); the same email needs nothing', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const email = `nova.${user.email}`;
    const missing = await client.put('/api/profile', { firstName: 'Ana', email });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors.currentPassword).toBe(validationMessages.emailChangeNeedsPassword);
    const wrong = await client.put('/api/profile', {
      firstName: 'Ana',
      email,
      currentPassword: 'Errada#2026',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fieldErrors.currentPassword).toBe(errorMessages.wrongCurrentPassword);
    // PUT /api/user/profile (the settings form) holds the same rule.
    const viaSettings = await client.put('/api/user/profile', { email });
    expect(viaSettings.status).toBe(400);
    expect(viaSettings.json.fieldErrors.currentPassword).toBe(validationMessages.emailChangeNeedsPassword);
    expect((await server.knex('users').where('id', user.id).first()).email).toBe(user.email);
    expect(
      (await client.put('/api/profile', { firstName: 'Rita', email: user.email.toUpperCase() })).status,
    ).toBe(200);
    const ok = await client.put('/api/user/profile', { email, currentPassword: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe(email);
  });

  it('a queued profile change cannot move the email, even with a password in it (the queue never carries one)', async () => {
    const { user } = await createMember(server.knex);
    const device = new Device(await server.loginAs(user.email, TEST_PASSWORD));
    const email = `fila.${user.email}`;
    const res = await device.push([
      device.mutation('updateProfile', { firstName: 'Ana', email, currentPassword: TEST_PASSWORD }),
      device.mutation('updateProfile', { firstName: 'Rita', email: user.email }),
    ]);
    expect(res.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    const row = await server.knex('users').where('id', user.id).first();
    expect(row.email).toBe(user.email);
    expect(row.first_name).toBe('Rita');
  });

  it('answers 409 with the email-in-use text when the email belongs to someone else', async () => {
    const { user } = await createMember(server.knex);
    const other = await createUser(server.knex, { organizationId: null, role: 'agent' });
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/profile', {
      firstName: 'Ana',
      email: other.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      'Este email já está em uso por outro utilizador. Por favor, escolha um email diferente.',
    );
    // Keeping one's own email is not a conflict.
    expect((await client.put('/api/profile', { firstName: 'Ana', email: user.email })).status).toBe(200);
  });

  it('validates with the profile screen messages', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/profile', { firstName: '', email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toMatchObject({
      firstName: validationMessages.firstNameRequired,
      email: validationMessages.invalidEmail,
    });
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/profile')).status).toBe(401);
  });
});

describe('PUT /api/profile/password', () => {
  it('changes the password when the current one is right', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'novaSenha1',
      confirmPassword: 'novaSenha1',
    });
    expect(res.status).toBe(200);
    const row = await server.knex('users').where('id', user.id).first();
    expect(await verifyPassword(row.password_hash, 'novaSenha1')).toBe(true);
  });

  it('rejects a wrong current password with the Portuguese text', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.put('/api/profile/password', {
      currentPassword: 'nao-e-esta',
      newPassword: 'novaSenha1',
      confirmPassword: 'novaSenha1',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('A palavra-passe atual está incorreta.');
  });

  it('applies the password policy and the confirmation rule', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const short = await client.put('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: '123',
      confirmPassword: '123',
    });
    expect(short.status).toBe(400);
    expect(short.json.fieldErrors.newPassword).toBe(validationMessages.registerPasswordMin8);
    const common = await client.put('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Password123',
      confirmPassword: 'Password123',
    });
    expect(common.status).toBe(400);
    expect(common.json.fieldErrors.newPassword).toBe(validationMessages.passwordTooCommon);
    const mismatch = await client.put('/api/profile/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'novaSenha1',
      confirmPassword: 'outraSenha1',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.fieldErrors.confirmPassword).toBe(validationMessages.passwordsMismatch);
  });
});

describe('profile photo', () => {
  for (const [kind, data, mime] of [
    ['PNG', tinyPng(), 'image/png'],
    ['JPEG', tinyJpeg(), 'image/jpeg'],
  ] as const) {
    it(`stores a ${kind} and serves it back with its type`, async () => {
      const { user } = await createMember(server.knex);
      const client = await server.loginAs(user.email, TEST_PASSWORD);
      // The declared type and name are ignored: only the bytes count.
      const res = await client.request('POST', '/api/profile/photo', {
        raw: photoForm(data, 'foto.bin', 'application/octet-stream'),
      });
      expect(res.status).toBe(200);
      expect(res.json.profilePhoto).toMatch(new RegExp(`^/api/users/${user.id}/photo\\?v=\\d+$`));
      const photo = await client.get(res.json.profilePhoto);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe(mime);
      expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
      expect(photo.headers.get('cache-control')).toContain('private');
      // Stored re-encoded: the same picture and type, never the sent bytes.
      const stored = await sharp(photo.buffer).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual([
        kind.toLowerCase(),
        ...(await sharp(data)
          .metadata()
          .then((m) => [m.width, m.height])),
      ]);
      expect((await client.get('/api/profile')).json.profileImageUrl).toBe(res.json.profilePhoto);
    });
  }

  it('rejects a text file renamed .png with 415', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.request('POST', '/api/profile/photo', {
      raw: photoForm(Buffer.from('isto não é uma imagem'), 'foto.png', 'image/png'),
    });
    expect(res.status).toBe(415);
    expect(res.json.message).toBe('Formato de imagem inválido. Use JPG ou PNG.');
  });

  async function upload(data: Buffer, name = 'foto.png', type = 'image/png') {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.request('POST', '/api/profile/photo', { raw: photoForm(data, name, type) });
    const rows = await server.knex('user_photos').where('user_id', user.id);
    return { res, rows };
  }

  it('refuses (415) any bytes after a right signature: the whole image must decode as that type', async () => {
    const jpeg = tinyJpeg();
    for (const data of [
      Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('<?php system($_GET[1]); ?>')]),
      Buffer.concat([jpeg.subarray(0, 3), Buffer.from('<svg onload=alert(1)>')]),
      jpeg.subarray(0, Math.floor(jpeg.length / 2)), // truncated
      Buffer.concat([jpeg.subarray(0, 3), tinyPng()]), // a PNG behind a JPEG signature
    ]) {
      const { res, rows } = await upload(data);
      expect(res.status).toBe(415);
      expect(res.json.message).toBe(errorMessages.photoUnreadable);
      expect(rows).toHaveLength(0);
    }
  });

  it('refuses a decompression bomb (413) from its header, before decoding its pixels', async () => {
    const { res, rows } = await upload(pngClaiming(60_000, 60_000));
    expect(res.status).toBe(413);
    expect(res.json.message).toBe(errorMessages.photoTooManyPixels);
    expect(rows).toHaveLength(0);
  });

  it('strips EXIF (GPS position) and shrinks a large photo to 1024 px', async () => {
    const withGps = await sharp(pngOf(1600, 1200))
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telemóvel', Copyright: 'Ana' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { res, rows } = await upload(withGps, 'foto.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const stored = await sharp(rows[0].data as Buffer).metadata();
    expect(stored.exif).toBeUndefined();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 1024, 768]);
    expect((rows[0].data as Buffer).includes(Buffer.from('Telemóvel'))).toBe(false);
  });

  it('rejects a 6 MB file with 413', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const big = Buffer.concat([tinyPng(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await client.request('POST', '/api/profile/photo', {
      raw: photoForm(big, 'grande.png', 'image/png'),
    });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('A imagem excede o tamanho máximo de 5MB.');
    expect(await server.knex('user_photos').where('user_id', user.id)).toHaveLength(0);
  });

  it('answers 400 without a photo field', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const res = await client.request('POST', '/api/profile/photo', {
      raw: photoForm(tinyPng(), 'a.png', 'image/png', 'other'),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(errorMessages.photoMissing);
  });

  it('DELETE removes the photo', async () => {
    const { user } = await createMember(server.knex);
    const client = await server.loginAs(user.email, TEST_PASSWORD);
    const up = await client.request('POST', '/api/profile/photo', {
      raw: photoForm(tinyPng(), 'a.png', 'image/png'),
    });
    expect(up.status).toBe(200);
    const del = await client.delete('/api/profile/photo');
    expect(del.status).toBe(200);
    expect((await client.get('/api/profile')).json.profileImageUrl).toBeNull();
    expect((await client.get(`/api/users/${user.id}/photo`)).status).toBe(404);
  });

  it('lets a colleague of the same organization see the photo', async () => {
    const { user, organization } = await createMember(server.knex);
    const colleague = await createUser(server.knex, { organizationId: organization.id, role: 'viewer' });
    const owner = await server.loginAs(user.email, TEST_PASSWORD);
    const up = await owner.request('POST', '/api/profile/photo', {
      raw: photoForm(tinyPng(), 'a.png', 'image/png'),
    });
    const viewer = await server.loginAs(colleague.email, TEST_PASSWORD);
    expect((await viewer.get(up.json.profilePhoto)).status).toBe(200);
  });
});
