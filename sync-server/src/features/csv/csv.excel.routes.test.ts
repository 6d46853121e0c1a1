import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvMessages, errorMessages } from '@casa/shared-schema';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

/** Files as Excel in Portugal writes them, sent as bytes over real HTTP (multipart field `file`). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function member(role: 'agent' | 'viewer' = 'agent') {
  const { organization, user } = await createMember(server.knex, role);
  return { orgId: organization.id, http: await server.loginAs(user.email, TEST_PASSWORD) };
}

function upload(bytes: Uint8Array, name = 'clientes.csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
  return form;
}

/** Windows-1252, Excel's 'CSV (separado por vírgulas)': every character here is one byte. */
function windows1252(text: string): Uint8Array {
  const high = new Map([[0x20ac, 0x80]]);
  return Uint8Array.from([...text].map((c) => high.get(c.codePointAt(0)!) ?? c.codePointAt(0)!));
}

/** UTF-16 LE with its BOM, Excel's 'Texto Unicode' (tab-separated). */
function utf16le(text: string): Uint8Array {
  return Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
}

const utf8Bom = (text: string) => Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from(text, 'utf8')]);

const EXCEL_PT = [
  'Nome;Tipo;Classificação;Orçamento;Urgência;Localização;Telefone;Data de Nascimento;Valor do Imóvel',
  'Maria da Conceição;Comprador;4;1 250 000,50 €;Alta;Évora;+351 912 345 678;05/03/1980;',
  'João Gonçalves;Vendedor;2;;Média;Sé, Porto;="912000000";29/02/1984;1.250.000,50',
].join('\r\n');

type Stored = {
  name: string;
  phone: string | null;
  rating: number;
  birthday: string | null;
  custom_fields: unknown;
};

async function storedClients(orgId: string) {
  const rows = (await server.knex('clients').where('organization_id', orgId).orderBy('name')) as Stored[];
  return rows.map((r) => ({
    name: r.name,
    phone: r.phone,
    rating: r.rating,
    birthday: r.birthday ? String(r.birthday).slice(0, 10) : null,
    customFields: typeof r.custom_fields === 'string' ? JSON.parse(r.custom_fields) : r.custom_fields,
  }));
}

const EXPECTED = [
  {
    name: 'João Gonçalves',
    phone: '912000000',
    rating: 2,
    birthday: '1984-02-29',
    customFields: { urgency: 'Média', location: 'Sé, Porto', propertyValue: 1250000.5 },
  },
  {
    name: 'Maria da Conceição',
    phone: '+351 912 345 678',
    rating: 4,
    birthday: '1980-03-05',
    customFields: { budget: 1250000.5, urgency: 'Alta', location: 'Évora' },
  },
];

describe('POST /api/import/clients with the bytes of an Excel PT file', () => {
  it.each([
    ['Windows-1252, ;', windows1252(EXCEL_PT)],
    ['UTF-8 with BOM, ;', utf8Bom(EXCEL_PT)],
    ['UTF-8 without BOM, ;', Uint8Array.from(Buffer.from(EXCEL_PT, 'utf8'))],
    ['UTF-16 LE with BOM, tab', utf16le(EXCEL_PT.replace(/;/g, '\t'))],
  ])('%s: accents, accented columns, numbers, dates and phones stored right', async (_, bytes) => {
    const { orgId, http } = await member();
    const res = await http.request('POST', '/api/import/clients', { raw: upload(bytes) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ imported: 2, errors: [] });
    expect(await storedClients(orgId)).toEqual(EXPECTED);
  });

  it('refuses a file whose text holds replacement characters, writing nothing', async () => {
    const { orgId, http } = await member();
    const damaged = Buffer.from(EXCEL_PT.replace(/ç/g, '\uFFFD'), 'utf8');
    const res = await http.request('POST', '/api/import/clients', { raw: upload(damaged) });
    expect(res.json).toEqual({
      imported: 0,
      errors: [{ line: 1, message: csvMessages.replacementCharacters }],
    });
    // The same text sent already decoded (JSON csvData) is refused the same way.
    const json = await http.post('/api/import/clients', { csvData: damaged.toString('utf8') });
    expect(json.json).toEqual(res.json);
    expect(await storedClients(orgId)).toEqual([]);
  });

  it('refuses UTF-16 without its BOM with the reason, not a missing column', async () => {
    const { orgId, http } = await member();
    const noBom = utf16le(EXCEL_PT.replace(/;/g, '\t')).subarray(2);
    const res = await http.request('POST', '/api/import/clients', { raw: upload(noBom) });
    expect(res.json).toEqual({ imported: 0, errors: [{ line: 1, message: csvMessages.unreadableEncoding }] });
    expect(await storedClients(orgId)).toEqual([]);
  });

  it('refuses a file whose headers match no known column, naming them', async () => {
    const { orgId, http } = await member();
    const text = 'Pessoa;Morada;Código Postal\r\nAna;Rua 1;1000-001\r\n';
    const res = await http.request('POST', '/api/import/clients', { raw: upload(windows1252(text)) });
    expect(res.json).toEqual({
      imported: 0,
      errors: [{ line: 1, message: csvMessages.noKnownColumns(['Pessoa', 'Morada', 'Código Postal']) }],
    });
    expect(await storedClients(orgId)).toEqual([]);
  });

  it('names the columns it did not import', async () => {
    const { http } = await member();
    const text = 'Nome;Tipo;Valor do Imóvel;Morada\r\nAna;Vendedor;;Rua 1\r\n';
    const res = await http.request('POST', '/api/import/clients', { raw: upload(windows1252(text)) });
    expect(res.json).toEqual({ imported: 1, errors: [], ignoredColumns: ['Morada'] });
  });

  it('answers 400 without a file, 413 over 20 MB, 403 to viewers and 401 without a session', async () => {
    const { http } = await member();
    const other = new FormData();
    other.append('outro', new Blob(['Nome\r\nAna']), 'a.csv');
    const missing = await http.request('POST', '/api/import/clients', { raw: other });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe(csvMessages.fileMissing);
    const big = await http.request('POST', '/api/import/clients', {
      raw: upload(new Uint8Array(21 * 1024 * 1024).fill(0x41)),
    });
    expect(big.status).toBe(413);
    expect(big.json.message).toBe(csvMessages.fileTooLarge(20));
    const viewer = await member('viewer');
    const refused = await viewer.http.request('POST', '/api/import/clients', {
      raw: upload(utf8Bom(EXCEL_PT)),
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(errorMessages.forbidden);
    const anonymous = await server
      .client()
      .request('POST', '/api/import/clients', { raw: upload(utf8Bom(EXCEL_PT)) });
    expect(anonymous.status).toBe(401);
  });
});
