// Benchmark of property photo upload and resize (issue 20). First in this process: `renderPropertyPhoto`
// (sync-server/src/lib/images/property-photo.ts: whole decode, upright, 1600 px JPEG +
// 400 px WebP, EXIF stripped) on a 12-megapixel phone-like JPEG (4000×3000 with EXIF), `--runs` times.
// Then over HTTP against the real server in its own process (`server.ts`, SQLite unless `--dialect pg`):
// `--runs` uploads of that JPEG one after another (multipart, device-made ids), their wall time and the
// server's CPU per upload, a replay of the same id (idempotent answer, no resize), and the thumbnail GET.
// Every line prints the 1-minute load average: the machine is shared.
// Run: `pnpm bench:photos [--runs 10] [--dialect sqlite|pg]`.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { DEMO_IDS, DEMO_PASSWORD } from '../../sync-server/src/db/seed/seed';
import { renderPropertyPhoto } from '../../sync-server/src/lib/images/property-photo';
import { phoneLikeJpeg } from '../../sync-server/test/images';
import { startServer } from './server';
import { benchDatabase, loginOverHttp, seedBenchData, type Dialect } from './setup';

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const runs = process.argv.includes('--runs') ? Number(arg('--runs')) : 10;
const dialect: Dialect = process.argv.includes('--dialect') ? (arg('--dialect') as Dialect) : 'sqlite';

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const load = () => loadavg()[0]!.toFixed(2);
const row = (label: string, ms: number[], extra = '') =>
  console.log(
    `${label.padEnd(34)} p50 ${pct(ms, 0.5).toFixed(0).padStart(5)} ms  max ${Math.max(...ms)
      .toFixed(0)
      .padStart(5)} ms  ${extra.padEnd(28)} load1 ${load()}`,
  );

const photo = await phoneLikeJpeg();
console.log(`12-megapixel JPEG: ${(photo.length / 1e6).toFixed(1)} MB, ${runs} runs, load1 ${load()}`);

const renderMs: number[] = [];
let sizes = '';
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const { display, thumb } = await renderPropertyPhoto(photo);
  renderMs.push(performance.now() - t);
  sizes = `display ${(display.data.length / 1e3).toFixed(0)} KB, thumb ${(thumb.data.length / 1e3).toFixed(0)} KB`;
}
row('resize in process (1600 JPEG + 400 WebP)', renderMs, sizes);

const db = await benchDatabase(dialect, 'casa_bench_photos');
try {
  const knex = await seedBenchData(db.config, 0);
  // A seeded property of the agent's organization (it holds 1–4 photos; 30 is the limit per property):
  // uploads to a property id the server does not know answer 404.
  const property = (await knex('properties')
    .where({ organization_id: DEMO_IDS.demoOrganization })
    .whereNull('deleted_at')
    .orderBy('reference')
    .first('id')) as { id: string };
  await knex.destroy();
  const server = await startServer(db.config, db.webDist);
  try {
    const login = await loginOverHttp(server.url, 'agente@demo.pt', DEMO_PASSWORD);
    const headers = { cookie: login.session, 'x-csrf-token': login.headers['x-csrf-token'] ?? '' };
    const propertyId = property.id;
    const upload = async (id: string) => {
      const form = new FormData();
      form.append('id', id);
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
      const res = await fetch(`${server.url}/api/properties/${propertyId}/photos`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (res.status !== 201 && res.status !== 200)
        throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      return res.status;
    };
    await server.idle();
    const uploadMs: number[] = [];
    const ids: string[] = [];
    const cpuBefore = server.cpuMs();
    for (let i = 0; i < runs; i++) {
      const id = randomUUID();
      ids.push(id);
      const t = performance.now();
      await upload(id);
      uploadMs.push(performance.now() - t);
    }
    const cpu = (server.cpuMs() - cpuBefore) / runs;
    row(`upload over HTTP (${dialect})`, uploadMs, `server CPU ${cpu.toFixed(0)} ms/upload`);

    const replayMs: number[] = [];
    for (const id of ids) {
      const t = performance.now();
      if ((await upload(id)) !== 200) throw new Error('a replay must answer 200');
      replayMs.push(performance.now() - t);
    }
    row('replay of an uploaded id (200)', replayMs);

    const thumbMs: number[] = [];
    for (const id of ids) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/properties/${propertyId}/photos/${id}/thumb`, { headers });
      await res.arrayBuffer();
      thumbMs.push(performance.now() - t);
    }
    row('GET thumbnail', thumbMs);
  } finally {
    await server.stop();
  }
} finally {
  await db.drop();
}
