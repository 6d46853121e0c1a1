import {
  errorMessages,
  formatPropertyPrice,
  formatWholeEuros,
  pricePerSquareMetreCents,
  PROPERTY_FIELDS,
  PROPERTY_SHEET_PATH,
  type Property,
} from '@casa/shared-schema';
import type { SheetView } from './sheet-page.domain';
import { SHEET_CSS } from './sheet-page.css';

/** Every value written into the page goes through this: the property's text is the agency's input. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const label = (key: keyof Property) => PROPERTY_FIELDS[key]?.label ?? key;
const AREA = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 });
const area = (m2: number | null) => (m2 == null ? null : `${AREA.format(m2)}\u00a0m²`);

/** The facts grid, in the order a buyer reads a listing; empty facts are left out. */
function facts(p: SheetView['property']): Array<[string, string]> {
  const perM2 = p.business === 'Venda' ? pricePerSquareMetreCents(p) : null;
  const list: Array<[string, string | number | null]> = [
    [label('typology'), p.typology],
    [label('bedrooms'), p.bedrooms],
    [label('bathrooms'), p.bathrooms],
    [label('usableArea'), area(p.usableArea)],
    [label('grossArea'), area(p.grossArea)],
    [label('landArea'), area(p.landArea)],
    ['Preço por m²', perM2 == null ? null : `${formatWholeEuros(perM2)}/m²`],
    [label('condition'), p.condition],
    [label('yearBuilt'), p.yearBuilt],
  ];
  return list.filter((f): f is [string, string | number] => f[1] != null).map(([k, v]) => [k, String(v)]);
}

/** Street and postal code are never shown: the sheet says where, the agent gives the door (docs/decisions.md). */
const place = (p: SheetView['property']) =>
  [p.freguesia, p.concelho, p.distrito && p.distrito !== p.concelho ? p.distrito : null]
    .filter(Boolean)
    .join(', ');

const UNAVAILABLE_STATUSES = new Set(['Reservado', 'Vendido', 'Arrendado']);

function photosHtml(token: string, view: SheetView): string {
  if (view.photos.length === 0) return '';
  const src = (id: string) => `${PROPERTY_SHEET_PATH}/${encodeURIComponent(token)}/fotos/${id}`;
  const [cover, ...rest] = view.photos;
  const img = (p: SheetView['photos'][number], eager: boolean, alt: string) =>
    `<img src="${src(p.id)}" width="${p.width}" height="${p.height}" alt="${escapeHtml(alt)}" ${
      eager ? 'fetchpriority="high"' : 'loading="lazy"'
    } decoding="async">`;
  const title = view.property.title;
  return `<figure class="cover">${img(cover!, true, title)}</figure>${
    rest.length
      ? `<div class="gallery">${rest.map((p, i) => `<figure>${img(p, false, `${title} — fotografia ${i + 2}`)}</figure>`).join('')}</div>`
      : ''
  }`;
}

function agentHtml(view: SheetView): string {
  const a = view.agent;
  if (!a) return '';
  const phoneHref = a.phone ? a.phone.replace(/[^\d+]/g, '') : '';
  return `<section class="agent" aria-label="Contacto">
  <h2>Fale com o agente</h2>
  <p class="agent-name">${escapeHtml(a.name)}</p>
  <p class="agency">${escapeHtml(view.organizationName)}</p>
  <div class="contacts">
    ${a.phone ? `<a class="contact" href="tel:${escapeHtml(phoneHref)}">☎ ${escapeHtml(a.phone)}</a>` : ''}
    <a class="contact" href="mailto:${escapeHtml(a.email)}">✉ ${escapeHtml(a.email)}</a>
  </div>
</section>`;
}

function page(opts: { title: string; nonce: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="pt-PT">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(opts.title)}</title>
${opts.head ?? ''}<style nonce="${opts.nonce}">${SHEET_CSS}</style>
</head>
<body>
${opts.body}
</body>
</html>`;
}

/** The public property sheet: readable without JavaScript; the script only adds the print button. */
export function renderSheetPage(view: SheetView, ctx: { token: string; nonce: string; origin: string }) {
  const p = view.property;
  const price = formatPropertyPrice(p) ?? 'Preço sob consulta';
  const kind = [p.propertyType, p.typology].filter(Boolean).join(' ');
  const where = place(p);
  const energy = p.energyClass
    ? `<p class="energy"><span class="energy-label">${escapeHtml(label('energyClass'))}</span><span class="energy-badge e-${escapeHtml(
        p.energyClass.replace('+', 'plus').replace('-', 'minus'),
      )}">${escapeHtml(p.energyClass)}</span></p>`
    : '';
  const cover = view.photos[0];
  const description = [kind, where, price].filter(Boolean).join(' · ');
  const head = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:title" content="${escapeHtml(p.title)}">`,
    `<meta property="og:description" content="${escapeHtml(`${description} — ${view.organizationName}`)}">`,
    `<meta property="og:type" content="website">`,
    cover
      ? `<meta property="og:image" content="${escapeHtml(`${ctx.origin}${PROPERTY_SHEET_PATH}/${ctx.token}/fotos/${cover.id}`)}">`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
  const body = `<header class="bar"><span class="brand">${escapeHtml(view.organizationName)}</span><span class="doc">Ficha do imóvel</span></header>
<main class="sheet">
${photosHtml(ctx.token, view)}
<section class="intro">
  <p class="kicker">${escapeHtml(p.business === 'Arrendamento' ? 'Para arrendar' : 'Para venda')}${kind ? ` · ${escapeHtml(kind)}` : ''}</p>
  <h1>${escapeHtml(p.title)}</h1>
  ${where ? `<p class="place">${escapeHtml(where)}</p>` : ''}
  <p class="price">${escapeHtml(price)}${UNAVAILABLE_STATUSES.has(p.status) ? ` <span class="status">${escapeHtml(p.status)}</span>` : ''}</p>
  <p class="ref">${escapeHtml(label('reference'))} ${escapeHtml(p.reference)}</p>
</section>
<section class="facts" aria-label="Características principais">
  <dl>${facts(p)
    .map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`)
    .join('')}</dl>
  ${energy}
</section>
${
  p.features.length
    ? `<section class="features"><h2>${escapeHtml(label('features'))}</h2><ul>${p.features
        .map((f) => `<li>${escapeHtml(f)}</li>`)
        .join('')}</ul></section>`
    : ''
}
${agentHtml(view)}
<p class="actions" id="actions" hidden><button type="button" id="print">Imprimir / Guardar PDF</button></p>
</main>
<footer class="foot">${escapeHtml(view.organizationName)} · ${escapeHtml(p.reference)}</footer>
<script nonce="${ctx.nonce}">document.getElementById('actions').hidden=false;document.getElementById('print').addEventListener('click',function(){window.print()});</script>`;
  return page({ title: `${p.title} — ${view.organizationName}`, nonce: ctx.nonce, head, body });
}

/** Unknown, revoked or ended link: one page for all, saying no more than that. */
export function renderSheetGonePage(nonce: string): string {
  return page({
    title: 'Ficha indisponível',
    nonce,
    body: `<main class="sheet gone"><h1>${escapeHtml(errorMessages.propertySheetUnavailable)}</h1><p>Peça ao seu agente uma nova ligação.</p></main>`,
  });
}
