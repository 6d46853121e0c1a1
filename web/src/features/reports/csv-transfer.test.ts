import { describe, expect, it } from 'vitest';
import { csvMessages } from '@casa/shared-schema';
import { ApiError, createApiClient } from '../../lib/api';
import {
  exportFileName,
  failureMessage,
  fetchClientsCsv,
  importClientsFile,
  isCsvFileName,
  previewCsvFile,
} from './csv-transfer';
import { OFFLINE_DETAIL } from '../../ui/offline-notice';

type Call = { url: string; init: RequestInit };

function fakeApi(respond: (call: Call) => Response) {
  const calls: Call[] = [];
  const client = createApiClient({
    fetch: async (input, init) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return respond(call);
    },
    getCookie: () => 'csrf',
    onSuspended: () => undefined,
  });
  return { client, calls };
}

describe('CSV file checks', () => {
  it('accepts only names ending in .csv', () => {
    expect(isCsvFileName('clientes.csv')).toBe(true);
    expect(isCsvFileName('CLIENTES.CSV')).toBe(true);
    expect(isCsvFileName('clientes.xlsx')).toBe(false);
    expect(isCsvFileName('clientes.csv.txt')).toBe(false);
    expect(isCsvFileName('csv')).toBe(false);
  });

  it('names the export by the Lisbon date', () => {
    expect(exportFileName(new Date('2026-11-23T10:00:00Z'))).toBe('clientes-2026-11-23.csv');
    expect(exportFileName(new Date('2026-07-15T23:30:00Z'))).toBe('clientes-2026-07-16.csv');
  });
});

describe('export and import calls', () => {
  it('downloads the CSV with its BOM back in front', async () => {
    const { client, calls } = fakeApi(() => new Response('\uFEFFID;Nome\r\n1;João\r\n', { status: 200 }));
    const blob = await fetchClientsCsv(client);
    expect(calls[0]!.url).toBe('/api/export/clients');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('ID;Nome\r\n1;João\r\n');
    expect(blob.type).toBe('text/csv;charset=utf-8');
  });

  it('posts the bytes of the file as multipart field file and reads the answer', async () => {
    const { client, calls } = fakeApi(
      () =>
        new Response(JSON.stringify({ imported: 2, errors: [{ line: 3, message: 'Nome: obrigatório' }] }), {
          status: 200,
        }),
    );
    const bytes = windows1252('Nome;Tipo\nConceição;Vendedor');
    const result = await importClientsFile(new Blob([bytes]), 'clientes.csv', client);
    expect(result).toEqual({ imported: 2, errors: [{ line: 3, message: 'Nome: obrigatório' }] });
    expect(calls.at(-1)!.url).toBe('/api/import/clients');
    expect(calls.at(-1)!.init.method).toBe('POST');
    const sent = (calls.at(-1)!.init.body as FormData).get('file') as File;
    expect(sent.name).toBe('clientes.csv');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(bytes); // untouched: the server decodes
  });

  it('turns failures into the toast description', async () => {
    const { client } = fakeApi(
      () => new Response(JSON.stringify({ message: 'Sem permissão' }), { status: 400 }),
    );
    const error = await importClientsFile(new Blob(['x']), 'x.csv', client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(failureMessage(error)).toBe('Sem permissão');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(OFFLINE_DETAIL);
    const bad = fakeApi(() => new Response(JSON.stringify({ imported: 'muitos' }), { status: 200 }));
    const wrongShape = await importClientsFile(new Blob(['x']), 'x.csv', bad.client).catch((e: unknown) => e);
    expect(failureMessage(wrongShape)).toBe('Verifique os dados e tente novamente');
  });
});

/** Excel PT's 'CSV (separado por vírgulas)': one byte a character, € at 0x80. */
function windows1252(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...text].map((c) => (c === '€' ? 0x80 : c.codePointAt(0)!)));
}

const file = (bytes: Uint8Array, name = 'clientes.csv') => new File([new Uint8Array(bytes)], name);

const EXCEL_PT = [
  'Nome;Tipo;Classificação;Orçamento;Urgência;Localização;Telefone;Data de Nascimento;Morada',
  'Maria da Conceição;Comprador;4;1 250 000,50 €;Alta;Évora;="+351 912 345 678";05/03/1980;Rua A',
  'Sem Tipo;;;;;;;;',
  'João Gonçalves;Vendedor;2;;Média;Sé;912000000;29/02/1984;',
].join('\r\n');

describe('the import preview reads the file as the server will', () => {
  const maria = {
    name: 'Maria da Conceição',
    type: 'Comprador',
    rating: 4,
    phone: '+351 912 345 678',
    birthday: '1980-03-05',
    customFields: { budget: 1250000.5, urgency: 'Alta', location: 'Évora' },
  };

  it.each([
    ['Windows-1252', windows1252(EXCEL_PT), 'windows-1252'],
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(EXCEL_PT)]), 'utf-8'],
    [
      'UTF-16 LE with BOM, tab-separated',
      new Uint8Array([0xff, 0xfe, ...Buffer.from(EXCEL_PT.replace(/;/g, '\t'), 'utf16le')]),
      'utf-16le',
    ],
  ])('%s: the first rows as they will be stored', async (_, bytes, encoding) => {
    const preview = await previewCsvFile(file(bytes));
    expect(preview).toMatchObject({
      fileName: 'clientes.csv',
      refusal: null,
      encoding,
      ignoredColumns: ['Morada'],
      readyCount: 2,
      rejectedCount: 1,
    });
    expect(preview.sample).toHaveLength(2);
    expect(preview.sample[0]).toMatchObject(maria);
    expect(preview.sample[1]).toMatchObject({ name: 'João Gonçalves', phone: '912000000' });
    expect(preview.columns.map((c) => c.header)).toContain('Classificação');
  });

  it('refuses a damaged text and a header with no known column, with the reason', async () => {
    const damaged = await previewCsvFile(file(new TextEncoder().encode('Nome\r\nConcei\uFFFDo\r\n')));
    expect(damaged).toMatchObject({ refusal: csvMessages.replacementCharacters, readyCount: 0 });
    const unknown = await previewCsvFile(file(windows1252('Pessoa;Morada\r\nAna;Rua\r\n')));
    expect(unknown).toMatchObject({
      refusal: csvMessages.noKnownColumns(['Pessoa', 'Morada']),
      readyCount: 0,
      rejectedCount: 0,
    });
  });
});
