import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_CSV_COLUMNS,
  clientImportResultSchema,
  csvMessages,
  errorMessages,
  lisbonDateString,
  validationMessages,
} from '@casa/shared-schema';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { insertSearchableClients, type FixtureClient } from '../search/search.fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HEADER = CLIENT_CSV_COLUMNS.map((c) => c.header);
const SERVER_SET = new Set(['ID', 'Agente', 'Criado em', 'Atualizado em']);

async function member(role: 'admin' | 'agent' | 'viewer' = 'agent', maxClients = 0) {
  const { organization, user } = await createMember(server.knex, role);
  await server.knex('organizations').where('id', organization.id).update({ max_clients: maxClients });
  return { orgId: organization.id, user, http: await server.loginAs(user.email, TEST_PASSWORD) };
}

/** The export parsed back: header + records (BOM removed, ';' separated). */
function parseExport(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** Records without the server-set columns, as objects keyed by header, sorted by name. */
function comparable(rows: string[][]) {
  const [header = [], ...records] = rows;
  return records
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]).filter(([h]) => !SERVER_SET.has(h!))))
    .sort((a, b) => String(a.Nome).localeCompare(String(b.Nome)));
}

const SAMPLE: FixtureClient[] = [
  {
    name: 'João Conceição',
    email: 'joao@exemplo.pt',
    phone: '+351 912 345 678',
    type: 'Comprador',
    rating: 4,
    birthday: '1980-02-29',
    notes: 'Gosta de "vistas"; quer T3\nem Lisboa',
    tags: ['VIP', 'Lisboa'],
    customFields: { budget: 250000.5, typology: 'T3', zone: 'Lisboa', urgency: 'Alta', origem: 'Feira' },
  },
  {
    name: '=HYPERLINK("http://mal.example")',
    email: null,
    phone: '-1',
    type: 'Investidor',
    rating: 0,
    notes: '@SUM(A1:A2)',
    tags: [],
    customFields: {
      investmentType: 'Arrendamento',
      expectedReturn: -5.5,
      investmentBudget: 1000000,
      preferredZones: '+Porto',
      budgetRange: "'=já protegido",
    },
  },
  {
    name: 'Maria Vendedora',
    type: 'Vendedor',
    rating: 2,
    phone: '912000000',
    tags: ['vip'],
    customFields: {
      propertyType: 'Moradia',
      propertyValue: 320000,
      location: 'Évora',
      saleReason: 'Herança',
    },
  },
];

describe('GET /api/export/clients', () => {
  it('streams a ;-separated UTF-8 CSV with a BOM, every field, tags and a dated attachment name', async () => {
    const { orgId, http } = await member();
    await insertSearchableClients(server.knex, orgId, SAMPLE);
    const res = await http.get('/api/export/clients');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="clientes-${lisbonDateString(new Date())}.csv"`,
    );
    expect([...res.buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.slice(1, res.text.indexOf('\r\n'))).toBe(HEADER.join(';'));

    const rows = comparable(parseExport(res.text));
    expect(rows).toHaveLength(3);
    const joao = rows.find((r) => r.Nome === 'João Conceição')!;
    expect(joao).toMatchObject({
      Email: 'joao@exemplo.pt',
      Telefone: '="+351 912 345 678"', // Excel text: shown as is, no apostrophe, never a number
      Tipo: 'Comprador',
      Classificação: '4',
      'Data de Nascimento': '29/02/1980', // dd/mm/aaaa, what Excel PT reads as a date
      Notas: 'Gosta de "vistas"; quer T3\nem Lisboa',
      Tags: 'Lisboa, VIP',
      Orçamento: '250000,5',
      Tipologia: 'T3',
      Zona: 'Lisboa',
      Urgência: 'Alta',
      'Outros Campos': '{"origem":"Feira"}',
    });
  });

  it('guards every cell that a spreadsheet would run as a formula', async () => {
    const { orgId, http } = await member();
    await insertSearchableClients(server.knex, orgId, [
      ...SAMPLE,
      { name: 'Tab', phone: '\t912000000', notes: '\rcarriage', customFields: { budget: 1 } },
    ]);
    const rows = comparable(parseExport((await http.get('/api/export/clients')).text));
    const evil = rows.find((r) => String(r.Nome).includes('HYPERLINK'))!;
    expect(evil.Nome).toBe(`'=HYPERLINK("http://mal.example")`);
    expect(evil.Telefone).toBe("'-1");
    expect(evil.Notas).toBe("'@SUM(A1:A2)");
    expect(evil['Retorno Esperado (%)']).toBe("'-5,5");
    expect(evil['Zonas Preferidas']).toBe("'+Porto");
    expect(evil['Faixa de Orçamento']).toBe("''=já protegido");
    const tab = rows.find((r) => r.Nome === 'Tab')!;
    expect(tab.Telefone).toBe("'\t912000000");
    expect(tab.Notas).toBe("'\rcarriage");
    for (const row of rows) {
      for (const [column, cell] of Object.entries(row)) {
        // The one formula allowed: a phone as Excel's text constant ="…" of digits and separators only.
        if (column === 'Telefone' && String(cell).startsWith('=')) {
          expect(cell).toMatch(/^="\+?\d[\d ()./-]*"$/);
        } else expect(String(cell)).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it('exports only the session organization’s live clients; viewers may export; 401 without session', async () => {
    const { orgId, http } = await member('viewer');
    await insertSearchableClients(server.knex, orgId, [
      { name: 'Meu', customFields: { budget: 1 } },
      { name: 'Apagado', deletedAt: new Date().toISOString() },
    ]);
    const other = await member();
    await insertSearchableClients(server.knex, other.orgId, [{ name: 'Alheio' }]);
    const rows = comparable(parseExport((await http.get('/api/export/clients')).text));
    expect(rows.map((r) => r.Nome)).toEqual(['Meu']);
    expect((await server.client().get('/api/export/clients')).status).toBe(401);
  });
});

const csv = (lines: string[][], sep = ';') => `\uFEFF${lines.map((l) => l.join(sep)).join('\r\n')}\r\n`;

describe('POST /api/import/clients', () => {
  it('imports valid rows and reports each bad row with its line and a Portuguese reason', async () => {
    const { orgId, http } = await member();
    const data = csv([
      ['Nome', 'Email', 'Telefone', 'Tipo', 'Classificação', 'Orçamento', 'Valor do Imóvel', 'Tags'],
      [
        'Ana Compradora',
        'ANA@Exemplo.pt',
        "'+351 911 111 111",
        'Comprador',
        '3',
        '150000,50',
        '',
        'Novo, vip',
      ],
      ['', 'sem@nome.pt', '', 'Vendedor', '', '', '', ''], // line 3: no name
      ['Bruno', '', '', 'Comprador', '', '', '', ''], // line 4: Comprador without budget
      ['Carla', 'nao-e-email', '', 'Vendedor', '', '', '', ''], // line 5: bad email
      ['Duarte', '', '', 'Inquilino', '', '', '', ''], // line 6: unknown type
      ['Eva', '', '', 'vendedor', '9', '', '', ''], // line 7: rating out of range
      ['Filipe', '', '', 'Vendedor', '', '', 'muito', ''], // line 8: not a number
      ['', '', '', '', '', '', '', ''], // blank line: skipped
      ['Gil Vendedor', '', '', 'seller', '', '', "'-0", ''], // line 10: ok (English type alias)
    ]);
    const res = await http.post('/api/import/clients', { csvData: data });
    expect(res.status).toBe(200);
    const body = clientImportResultSchema.parse(res.json);
    expect(body.imported).toBe(2);
    expect(body.errors).toEqual([
      { line: 3, message: csvMessages.fieldError('Nome', validationMessages.clientNameRequired) },
      { line: 4, message: csvMessages.fieldError('Orçamento', validationMessages.budgetRequired) },
      { line: 5, message: csvMessages.fieldError('Email', validationMessages.invalidEmail) },
      { line: 6, message: csvMessages.fieldError('Tipo', validationMessages.clientTypeRequired) },
      { line: 7, message: csvMessages.fieldError('Classificação', validationMessages.ratingRange) },
      { line: 8, message: csvMessages.invalidNumber('Valor do Imóvel') },
    ]);
    const stored = await server.knex('clients').where('organization_id', orgId).orderBy('name');
    expect(stored.map((c: { name: string }) => c.name)).toEqual(['Ana Compradora', 'Gil Vendedor']);
    const ana = (await http.get('/api/search/clients?q=compradora')).json.clients[0];
    expect(ana).toMatchObject({
      email: 'ana@exemplo.pt',
      phone: '+351 911 111 111',
      rating: 3,
      tags: ['Novo', 'vip'],
      customFields: { budget: 150000.5 },
    });
  });

  it('accepts a comma-separated file with English headers, and reuses tags case-insensitively', async () => {
    const { orgId, http } = await member();
    await insertSearchableClients(server.knex, orgId, [{ name: 'Já existe', tags: ['VIP'] }]);
    const data = csv(
      [
        ['name', 'email', 'phone', 'type', 'budget', 'tags'],
        ['Zé', 'ze@exemplo.pt', '912', 'Buyer', '100000', '"vip, Premium"'],
        ['Rita', '', '', 'Comprador', '200000', 'premium'],
      ],
      ',',
    );
    const res = await http.post('/api/import/clients', { csvData: data });
    expect(res.json).toEqual({ imported: 2, errors: [] });
    const tags = await server.knex('tags').where('organization_id', orgId).orderBy('name');
    expect(tags.map((t: { name: string }) => t.name)).toEqual(['Premium', 'VIP']);
    const search = await http.get('/api/search/clients?q=premium');
    expect(search.json.clients.map((c: { name: string; tags: string[] }) => [c.name, c.tags])).toEqual([
      ['Rita', ['Premium']],
      ['Zé', ['VIP', 'Premium']],
    ]);
    const links = await server.knex('client_tags').where('organization_id', orgId);
    expect(links).toHaveLength(4); // 1 existing + 3 imported
  });

  it('rejects a file without a Nome column, and an empty file', async () => {
    const { http } = await member();
    const res = await http.post('/api/import/clients', { csvData: 'Email;Tipo\r\na@b.pt;Comprador\r\n' });
    expect(res.json).toEqual({ imported: 0, errors: [{ line: 1, message: csvMessages.missingNameColumn }] });
    expect((await http.post('/api/import/clients', { csvData: '\uFEFF\r\n' })).json).toEqual({
      imported: 0,
      errors: [{ line: 1, message: csvMessages.emptyFile }],
    });
    expect((await http.post('/api/import/clients', {})).status).toBe(400);
  });

  it('respects the organization’s max_clients', async () => {
    const { orgId, http } = await member('agent', 3);
    await insertSearchableClients(server.knex, orgId, [{ name: 'Primeiro', customFields: { budget: 1 } }]);
    const lines = [['Nome', 'Tipo', 'Valor do Imóvel']];
    for (let i = 0; i < 4; i++) lines.push([`Cliente ${i}`, 'Vendedor', '']);
    const res = await http.post('/api/import/clients', { csvData: csv(lines) });
    expect(res.json).toEqual({
      imported: 2,
      errors: [
        { line: 4, message: csvMessages.clientLimitReached(3) },
        { line: 5, message: csvMessages.clientLimitReached(3) },
      ],
    });
    const count = await server.knex('clients').where('organization_id', orgId).whereNull('deleted_at');
    expect(count).toHaveLength(3);
  });

  it('is refused to viewers (403) and needs a session (401)', async () => {
    const { orgId, http } = await member('viewer');
    const data = csv([
      ['Nome', 'Tipo'],
      ['Vítor', 'Vendedor'],
    ]);
    const res = await http.post('/api/import/clients', { csvData: data });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(errorMessages.forbidden);
    expect(await server.knex('clients').where('organization_id', orgId)).toHaveLength(0);
    expect((await server.client().post('/api/import/clients', { csvData: data })).status).toBe(401);
  });

  it('round-trips: export, import into an empty organization, export again gives the same clients', async () => {
    const source = await member();
    await insertSearchableClients(server.knex, source.orgId, SAMPLE);
    const exported = (await source.http.get('/api/export/clients')).text;
    const target = await member('admin');
    const res = await target.http.post('/api/import/clients', { csvData: exported });
    expect(res.json).toEqual({ imported: SAMPLE.length, errors: [] });
    const again = (await target.http.get('/api/export/clients')).text;
    expect(comparable(parseExport(again))).toEqual(comparable(parseExport(exported)));
    const joao = (await target.http.get('/api/search/clients?q=conceicao')).json.clients[0];
    expect(joao).toMatchObject({ phone: '+351 912 345 678', birthday: '1980-02-29' });
    const maria = (await target.http.get('/api/search/clients?q=vendedora')).json.clients[0];
    expect(maria).toMatchObject({ phone: '912000000' });
    const other = await target.http.get('/api/search/clients?q=hyperlink');
    expect(other.json.clients[0]).toMatchObject({
      name: '=HYPERLINK("http://mal.example")',
      phone: '-1',
      notes: '@SUM(A1:A2)',
      customFields: { expectedReturn: -5.5, preferredZones: '+Porto', budgetRange: "'=já protegido" },
    });
  });

  it('imports 20,000 rows in one request; other routes keep the normal body limit', async () => {
    const { orgId, http } = await member();
    // Named, not sliced from HEADER: a new column in the export must not shift this file's cells.
    const header = 'Nome;Email;Telefone;Tipo;Classificação;Data de Nascimento;Notas;Tags;Orçamento;Zona';
    const lines = [header.split(';')];
    for (let i = 0; i < 20_000; i++) {
      lines.push([
        `Cliente Importado ${i}`,
        `cliente${i}@exemplo.pt`,
        `'+351 91${String(i).padStart(7, '0')}`,
        'Comprador',
        String(i % 6),
        '',
        `Notas do cliente ${i}; com texto suficiente para pesar`,
        i % 2 ? 'Importado, Lote' : '',
        `${100000 + i},50`,
        'Lisboa',
      ]);
    }
    const data = `\uFEFF${lines.map((l) => l.map((c) => (c.includes(';') ? `"${c}"` : c)).join(';')).join('\r\n')}`;
    expect(data.length).toBeGreaterThan(2_000_000);
    const res = await http.post('/api/import/clients', { csvData: data });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imported: 20_000, errors: [] });
    const search = await http.get('/api/search/clients?q=cliente%20importado%2019999');
    expect(search.json.total).toBe(1);
    const n = await server.knex('client_tags').where('organization_id', orgId).count({ n: '*' }).first();
    expect(Number((n as { n: unknown }).n)).toBe(20_000);
    // Without a session the large body is not read (general limit, 413) — and never imported.
    expect((await server.client().post('/api/import/clients', { csvData: data })).status).toBe(413);
    // The large limit is for this route only.
    const big = await http.put('/api/profile', { firstName: 'Ana', bio: 'x'.repeat(2_000_000) });
    expect(big.status).toBe(413);
  }, 60_000);
});
