import Papa from 'papaparse';
import { csvMessages } from '../messages';
import { csvTextProblem } from './decode';

/** A refused line of an import: its line number in the file and the pt-PT reason. */
export type CsvLineError = { line: number; message: string };

/** What an entity's CSV reading brings: its good rows (each with its line), the refused lines, the header's findings. */
export type CsvRecords<C, R> = {
  rows: Array<R & { line: number }>;
  errors: CsvLineError[];
  /** Header cells that name no known column: their data is not imported, and the user is told so. */
  ignoredColumns: string[];
  /** The known columns, in file order. */
  columns: C[];
  delimiter: string;
};

/** What an entity tells the reader (clients: csv/parse.ts, properties: csv/property-parse.ts). */
export type CsvEntityReading<C, R> = {
  /** The entity's column a header cell names (by its header or an alias), if any. */
  columnFor: (header: string) => C | undefined;
  /** Why a header that names some known column is still refused whole (a required column missing). */
  headerProblem: (columns: Array<C | undefined>) => string | null;
  /** One record → its row, or the reason it is refused. */
  record: (columns: Array<C | undefined>, cells: string[]) => R | string;
};

/** ';' unless the header line has more ',' (or tabs): accepts what Excel writes in Portugal and elsewhere. */
export function detectCsvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  const [semi, comma, tab] = [count(';'), count(','), count('\t')];
  if (tab > semi && tab > comma) return '\t';
  return comma > semi ? ',' : ';';
}

function refused<C, R>(line: number, message: string, delimiter: string): CsvRecords<C, R> {
  return { rows: [], errors: [{ line, message }], ignoredColumns: [], columns: [], delimiter };
}

/**
 * The one walk over an import's CSV text, for every entity: one row per good record, one {line, message}
 * per bad one, line numbers as a spreadsheet shows them (quoted line breaks counted). A whole file is
 * refused (one error, no rows) when its text is damaged, when no header cell names a known column, or
 * when the entity's `headerProblem` says so.
 */
export function readCsvRecords<C, R>(csvData: string, entity: CsvEntityReading<C, R>): CsvRecords<C, R> {
  const text = csvData.replace(/^\uFEFF/, '');
  const delimiter = detectCsvDelimiter(text);
  if (text.trim() === '') return refused(1, csvMessages.emptyFile, delimiter);
  const problem = csvTextProblem(text);
  if (problem) return refused(1, problem, delimiter);

  const rows: Array<R & { line: number }> = [];
  const errors: CsvLineError[] = [];
  let header: string[] | null = null;
  let columns: Array<C | undefined> = [];
  let fatal: CsvLineError | null = null;
  let lineOfNext = 1;
  let consumed = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      const line = lineOfNext;
      const cursor = result.meta.cursor;
      for (let i = consumed; i < cursor; i++) if (text.charCodeAt(i) === 10) lineOfNext++;
      consumed = cursor;
      const cells = result.data;
      if (cells.every((c) => c.trim() === '')) return;
      if (!header) {
        header = cells.map((h) => h.trim());
        columns = header.map((h) => entity.columnFor(h));
        const message = !columns.some(Boolean)
          ? csvMessages.noKnownColumns(header.filter(Boolean))
          : entity.headerProblem(columns);
        if (message) {
          fatal = { line, message };
          parser.abort();
        }
        return;
      }
      if (result.errors.length > 0) {
        errors.push({ line, message: csvMessages.malformedRow(result.errors[0]!.message) });
        return;
      }
      const row = entity.record(columns, cells);
      if (typeof row === 'string') errors.push({ line, message: row });
      else rows.push({ ...row, line });
    },
  });
  if (fatal) {
    const { line, message } = fatal as CsvLineError;
    return refused(line, message, delimiter);
  }
  if (!header) return refused(1, csvMessages.emptyFile, delimiter);
  const names = header as string[];
  return {
    rows,
    errors,
    ignoredColumns: names.filter((h, i) => h !== '' && !columns[i]),
    columns: columns.filter((c): c is C => !!c),
    delimiter,
  };
}
