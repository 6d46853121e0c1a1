import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../lib/api';
import {
  exportFileName,
  failureMessage,
  fetchClientsCsv,
  importClientsFile,
  isCsvFileName,
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

  it('posts the file text as csvData and reads the answer', async () => {
    const { client, calls } = fakeApi(
      () =>
        new Response(JSON.stringify({ imported: 2, errors: [{ line: 3, message: 'Nome: obrigatório' }] }), {
          status: 200,
        }),
    );
    const result = await importClientsFile({ text: async () => 'Nome;Tipo\nAna;Comprador' }, client);
    expect(result).toEqual({ imported: 2, errors: [{ line: 3, message: 'Nome: obrigatório' }] });
    expect(calls.at(-1)!.url).toBe('/api/import/clients');
    expect(calls.at(-1)!.init.method).toBe('POST');
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({ csvData: 'Nome;Tipo\nAna;Comprador' });
  });

  it('turns failures into the toast description', async () => {
    const { client } = fakeApi(
      () => new Response(JSON.stringify({ message: 'Sem permissão' }), { status: 400 }),
    );
    const error = await importClientsFile({ text: async () => 'x' }, client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(failureMessage(error)).toBe('Sem permissão');
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(OFFLINE_DETAIL);
    const bad = fakeApi(() => new Response(JSON.stringify({ imported: 'muitos' }), { status: 200 }));
    const wrongShape = await importClientsFile({ text: async () => 'x' }, bad.client).catch(
      (e: unknown) => e,
    );
    expect(failureMessage(wrongShape)).toBe('Verifique os dados e tente novamente');
  });
});
