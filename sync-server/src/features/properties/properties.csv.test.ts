import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvMessages, errorMessages, PROPERTY_CSV_COLUMNS } from '@casa/shared-schema';
import { createMember, TEST_PASSWORD } from '../../../test/factories';
import { startTestServer, type TestClient, type TestServer } from '../../../test/server';

/** The property CSV under the clients' rules: Excel PT files, formula guard, a reason per line, all or nothing per line. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function member(role: 'agent' | 'viewer' = 'agent') {
  const { organization, user } = await createMember(server.knex, role);
  return { orgId: organization.id, http: await server.loginAs(user.email, TEST_PASSWORD) };
}

async function seller(http: TestClient, name: string): Promise<string> {
  const res = await http.post('/api/clients', { name, type: 'Vendedor' });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

function upload(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'imoveis.csv');
  return form;
}

/** Windows-1252, Excel's 'CSV (separado por vírgulas)': every character here is one byte. */
function windows1252(text: string): Uint8Array {
  const high = new Map([[0x20ac, 0x80]]);
  return Uint8Array.from([...text].map((c) => high.get(c.codePointAt(0)!) ?? c.codePointAt(0)!));
}

const EXCEL_PT = [
  'Título;Negócio;Tipo de Imóvel;Tipologia;Preço (€);Área Útil (m²);Concelho;Código Postal;Características;Exclusividade;Início da Mediação;Comissão (%);Proprietário',
  'Apartamento T2 no Bonfim;venda;apartamento;T2;285 000,00 €;85,5;porto;4300-123;elevador, Varanda;Sim;01/11/2026;4,5;Vera Vendedora',
  'Loja na Baixa;Arrendamento;Loja;;1.250,00;40;Lisboa;1100-148;;Não;;;',
].join('\r\n');

describe('property CSV import', () => {
  it('reads an Excel PT file in Windows-1252: options in any case, euros to cents, owner by name', async () => {
    const { http } = await member();
    const owner = await seller(http, 'Vera Vendedora');
    const res = await http.request('POST', '/api/import/properties', { raw: upload(windows1252(EXCEL_PT)) });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ imported: 2, errors: [] });
    const list = (await http.get('/api/properties')).json as Array<Record<string, unknown>>;
    const flat = list.find((p) => p.title === 'Apartamento T2 no Bonfim');
    expect(flat).toMatchObject({
      business: 'Venda',
      propertyType: 'Apartamento',
      priceCents: 28_500_000,
      usableArea: 85.5,
      concelho: 'Porto',
      distrito: 'Porto',
      features: ['Elevador', 'Varanda'],
      mediationExclusive: true,
      mediationStart: '2026-11-01',
      commissionPercent: 4.5,
      ownerClientId: owner,
      reference: 'CASA-000001',
    });
    expect(list.find((p) => p.title === 'Loja na Baixa')).toMatchObject({
      priceCents: 125_000,
      reference: 'CASA-000002',
      mediationExclusive: false,
    });
  });

  it('refuses each bad line with its reason and writes only the good ones', async () => {
    const { http } = await member();
    await seller(http, 'Ana Repetida');
    await seller(http, 'Ana Repetida');
    expect(
      (
        await http.post('/api/properties', {
          title: 'x',
          business: 'Venda',
          propertyType: 'Loja',
          reference: 'REF-1',
        })
      ).status,
    ).toBe(201);
    const csv = [
      'Referência;Título;Negócio;Tipo de Imóvel;Código Postal;Proprietário;Preço (€);Exclusividade',
      ';Boa;Venda;Moradia;;;;',
      ';Má;Venda;Moradia;1100148;;;',
      ';Sem dono;Venda;Moradia;;Ninguém;;',
      ';Dono duplo;Venda;Moradia;;ana repetida;;',
      'ref-1;Referência tomada;Venda;Moradia;;;;',
      ';Preço;Venda;Moradia;;;muito;',
      ';Exclusivo?;Venda;Moradia;;;;talvez',
    ].join('\n');
    const res = await http.post('/api/import/properties', { csvData: csv });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      imported: 1,
      errors: [
        { line: 3, message: 'Código Postal: Código postal inválido (use o formato 1234-567)' },
        { line: 4, message: csvMessages.ownerNotFound('Ninguém') },
        { line: 5, message: csvMessages.ownerAmbiguous('ana repetida') },
        { line: 6, message: csvMessages.referenceTaken('ref-1') },
        { line: 7, message: csvMessages.invalidNumber('Preço (€)') },
        { line: 8, message: csvMessages.invalidYesNo('Exclusividade') },
      ],
    });
    const titles = ((await http.get('/api/properties')).json as Array<{ title: string }>).map((p) => p.title);
    expect(titles.sort()).toEqual(['Boa', 'x']);
  });

  it('refuses a file without the required columns, and viewers', async () => {
    const { http } = await member();
    const res = await http.post('/api/import/properties', { csvData: 'Título;Preço (€)\nCasa;1\n' });
    expect(res.json).toEqual({
      imported: 0,
      errors: [{ line: 1, message: csvMessages.missingColumns(['Negócio', 'Tipo de Imóvel']) }],
    });
    const viewer = await member('viewer');
    const refused = await viewer.http.post('/api/import/properties', { csvData: EXCEL_PT });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(errorMessages.forbidden);
  });
});

describe('property CSV export', () => {
  it('writes every column with Portuguese headers, guards formulas, and imports back whole', async () => {
    const { http } = await member();
    await seller(http, 'Rui Dono');
    const res = await http.request('POST', '/api/import/properties', {
      raw: upload(windows1252(EXCEL_PT.replace('Vera Vendedora', 'Rui Dono'))),
    });
    expect(res.json.imported).toBe(2);
    await http.post('/api/properties', {
      title: '=HYPERLINK("http://mal")',
      business: 'Venda',
      propertyType: 'Terreno',
      notes: '+351 linha',
    });
    const csv = await http.get('/api/export/properties');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/imoveis-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.text.slice(1).trim().split('\r\n');
    expect(header!.split(';')).toEqual(PROPERTY_CSV_COLUMNS.map((c) => c.header));
    expect(lines).toHaveLength(3);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://mal"")"`);
    expect(csv.text).toContain("'+351 linha");
    expect(csv.text).toContain('285000');
    expect(csv.text).toContain('Rui Dono');

    // Into another organization with a seller of the same name: every field comes back.
    const other = await member();
    await seller(other.http, 'Rui Dono');
    const back = await other.http.post('/api/import/properties', { csvData: csv.text });
    expect(back.json).toEqual({ imported: 3, errors: [] });
    const strip = (list: Array<Record<string, unknown>>) =>
      list
        .map(
          ({
            id: _i,
            organizationId: _o,
            ownerClientId,
            agentId: _a,
            createdBy: _c,
            createdAt: _t,
            updatedAt: _u,
            ...rest
          }): Record<string, unknown> => ({
            ...rest,
            owned: ownerClientId !== null,
          }),
        )
        .sort((a, b) => String(a.reference).localeCompare(String(b.reference)));
    expect(strip((await other.http.get('/api/properties')).json)).toEqual(
      strip((await http.get('/api/properties')).json),
    );
  });
});
