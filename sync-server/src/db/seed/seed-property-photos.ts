import sharp from 'sharp';
import { createRandom } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { renderPropertyPhoto, type PropertyPhotoRenditions } from '../../lib/images/property-photo';
import { insertPropertyPhotos, type NewPropertyPhoto } from '../property-photo-rows';
import { forOrganization } from '../scope';

/**
 * Demo photos drawn by the seed (no downloads): SVG façades and rooms in varied colours, rendered to JPEG
 * and stored through the upload's own resize and store (lib/images/property-photo.ts, db/property-photo-rows.ts).
 * A small set of pictures is rendered once per process and shared by the properties (each property gets
 * its own photo rows), which keeps the seed's added time near a second.
 */
// 800×600: sharp on a phone at 2× DPR, and ~4× cheaper to render than the 1600 px an upload gets.
const WIDTH = 800;
const HEIGHT = 600;

const WALLS = ['#f3e3c3', '#e8c6a0', '#dfe7ee', '#f6d6d0', '#d9e6d2', '#efe9dd', '#c9d7e8', '#f2efe6'];
const ACCENTS = ['#1d4e89', '#a2472b', '#2f6b4f', '#7a5c99', '#c07a1f', '#37474f'];

type Kind = 'block' | 'house' | 'land' | 'living' | 'kitchen' | 'bedroom';

function windowsGrid(x: number, y: number, cols: number, rows: number, w: number, h: number, gap: number) {
  let out = '';
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const wx = x + c * (w + gap);
      const wy = y + r * (h + gap);
      out += `<rect x="${wx}" y="${wy}" width="${w}" height="${h}" fill="#9cc3e4" stroke="#fff" stroke-width="6"/>`;
      out += `<rect x="${wx}" y="${wy + h - 10}" width="${w}" height="10" fill="#fff" opacity=".7"/>`;
    }
  return out;
}

const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${WIDTH}" height="${HEIGHT}" fill="url(#s)"/>`;

function svgOf(kind: Kind, wall: string, accent: string): string {
  const body = (() => {
    switch (kind) {
      case 'block':
        return `${sky('#7fb6e6', '#d7ebf8')}<rect x="0" y="620" width="${WIDTH}" height="100" fill="#9e9e9e"/>
<rect x="180" y="110" width="600" height="520" fill="${wall}"/><rect x="180" y="110" width="600" height="26" fill="${accent}"/>
${windowsGrid(220, 170, 5, 4, 80, 70, 24)}<rect x="430" y="530" width="100" height="100" fill="${accent}"/>
<rect x="60" y="560" width="90" height="70" rx="35" fill="#4f8a3c"/><rect x="810" y="550" width="100" height="80" rx="40" fill="#4f8a3c"/>`;
      case 'house':
        return `${sky('#8ec5ee', '#e3f1fa')}<rect x="0" y="600" width="${WIDTH}" height="120" fill="#6fae4f"/>
<polygon points="200,300 480,120 760,300" fill="${accent}"/><rect x="230" y="300" width="500" height="320" fill="${wall}"/>
${windowsGrid(270, 350, 2, 1, 110, 100, 40)}<rect x="560" y="430" width="110" height="190" fill="${accent}"/>
<rect x="600" y="330" width="70" height="70" fill="#9cc3e4" stroke="#fff" stroke-width="6"/>
<circle cx="110" cy="520" r="80" fill="#3f7d32"/><rect x="100" y="560" width="20" height="60" fill="#6d4c2f"/>`;
      case 'land':
        return `${sky('#9ccbec', '#eef6fb')}<polygon points="0,420 260,300 520,380 760,280 960,360 960,720 0,720" fill="#7aa85a"/>
<polygon points="0,520 960,460 960,720 0,720" fill="${wall === '#dfe7ee' ? '#b9a36b' : '#a4bf6a'}"/>
<circle cx="760" cy="140" r="50" fill="#ffd75e"/><rect x="0" y="600" width="${WIDTH}" height="8" fill="#8d6e63"/>`;
      case 'living':
        return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${wall}"/><rect x="0" y="540" width="${WIDTH}" height="180" fill="#b88a5a"/>
<rect x="600" y="120" width="260" height="300" fill="#bfe0f7" stroke="#fff" stroke-width="14"/><rect x="726" y="120" width="8" height="300" fill="#fff"/>
<rect x="110" y="390" width="400" height="150" rx="24" fill="${accent}"/><rect x="110" y="340" width="400" height="90" rx="24" fill="${accent}" opacity=".85"/>
<rect x="200" y="580" width="240" height="26" rx="8" fill="#6d4c2f"/><circle cx="860" cy="520" r="40" fill="#4f8a3c"/>
<rect x="180" y="150" width="180" height="120" fill="#fff" stroke="#6d4c2f" stroke-width="8"/>`;
      case 'kitchen':
        return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${wall}"/><rect x="0" y="600" width="${WIDTH}" height="120" fill="#d7d2c8"/>
<rect x="80" y="380" width="800" height="220" fill="${accent}"/><rect x="70" y="370" width="820" height="22" fill="#eeeeee"/>
<rect x="80" y="120" width="340" height="150" fill="${accent}" opacity=".9"/><rect x="540" y="120" width="340" height="150" fill="#bfe0f7" stroke="#fff" stroke-width="12"/>
${[120, 300, 480, 660].map((x) => `<rect x="${x}" y="420" width="150" height="160" fill="#fff" opacity=".15"/><rect x="${x + 60}" y="490" width="30" height="8" fill="#eee"/>`).join('')}`;
      case 'bedroom':
        return `<rect width="${WIDTH}" height="${HEIGHT}" fill="${wall}"/><rect x="0" y="560" width="${WIDTH}" height="160" fill="#a47b53"/>
<rect x="250" y="300" width="460" height="60" rx="10" fill="#6d4c2f"/><rect x="230" y="400" width="500" height="170" rx="16" fill="#fafafa"/>
<rect x="230" y="460" width="500" height="110" rx="16" fill="${accent}"/><rect x="270" y="370" width="150" height="50" rx="20" fill="#fff"/><rect x="540" y="370" width="150" height="50" rx="20" fill="#fff"/>
<rect x="90" y="140" width="160" height="220" fill="#bfe0f7" stroke="#fff" stroke-width="12"/><rect x="780" y="460" width="100" height="110" fill="#6d4c2f"/>`;
    }
  })();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/** The exterior of each property type, then the rooms a buyer looks at next. */
function kindsFor(propertyType: string): Kind[] {
  if (propertyType === 'Terreno') return ['land'];
  const outside: Kind = propertyType === 'Moradia' || propertyType === 'Quinta' ? 'house' : 'block';
  return [outside, 'living', 'kitchen', 'bedroom'];
}

/** Four colourings per kind (24 pictures): variety for 60 properties, rendered once per process. */
const VARIANTS = 4;
const rendered = new Map<string, Promise<PropertyPhotoRenditions>>();

function picture(kind: Kind, variant: number): Promise<PropertyPhotoRenditions> {
  const key = `${kind}:${variant}`;
  let found = rendered.get(key);
  if (!found) {
    const svg = svgOf(
      kind,
      WALLS[(variant * 3 + kind.length) % WALLS.length]!,
      ACCENTS[variant % ACCENTS.length]!,
    );
    found = sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer().then(renderPropertyPhoto);
    rendered.set(key, found);
  }
  return found;
}

export type SeededProperty = { id: string; propertyType: string; agentId: string | null };

/**
 * 1–`maxPerProperty` (4) photos for each of `properties` (the cover first), written in the seed's
 * transaction. `stream` names the random stream (photo ids among them): another stream for more photos
 * of an organization that has the demo's already.
 */
export async function seedPropertyPhotos(
  trx: Knex.Transaction,
  now: Date,
  organizationId: string,
  properties: readonly SeededProperty[],
  { maxPerProperty = 4, stream = `casa-crm-property-photos-${organizationId}` } = {},
): Promise<number> {
  const rng = createRandom(stream);
  const planned: Array<Omit<NewPropertyPhoto, 'renditions'> & { picture: Promise<PropertyPhotoRenditions> }> =
    [];
  for (const property of properties) {
    const kinds = kindsFor(property.propertyType);
    const count = Math.min(kinds.length, rng.int(1, maxPerProperty));
    for (let position = 0; position < count; position++) {
      planned.push({
        id: rng.uuid(),
        propertyId: property.id,
        position,
        isCover: position === 0,
        // Not awaited here: the pictures render side by side on sharp's threads.
        picture: picture(kinds[position]!, rng.int(0, VARIANTS - 1)),
        createdBy: property.agentId,
      });
    }
  }
  const photos: NewPropertyPhoto[] = await Promise.all(
    planned.map(async ({ picture: pending, ...photo }) => ({ ...photo, renditions: await pending })),
  );
  const scope = forOrganization(trx, { organizationId });
  // Chunks keep each multi-row insert of photo bytes a few megabytes at most.
  for (let i = 0; i < photos.length; i += 25)
    await insertPropertyPhotos(scope, photos.slice(i, i + 25), now.toISOString());
  return photos.length;
}
