import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One pt-PT vocabulary in what the interface says (docs/decisions.md 2026-11-25): palavra-passe,
 * ficheiro, 'A guardar…', utilizador. Only the messages the documents fix word for word keep another word.
 */
const OFF_VOCABULARY = /\b(senhas?|passwords?|arquivos?|guardando|usuários?|você)\b/i;

/**
 * Exact texts of the documents that use another word and are written in the web client (the others,
 * such as 'Senha atual é obrigatória', live in shared-schema's messages.ts).
 */
const FIXED_BY_THE_DOCUMENTS = new Set([
  'Guardando...', // the SaaS admin profile's save button while saving (docs/product.md#saas-admin)
]);

/**
 * The web client's texts (labels, headings, buttons, helper texts). The validation messages of
 * shared-schema/src/messages.ts are checked there by their own owners.
 */
const SOURCES = [join(__dirname)];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Quoted strings and JSX text of a file (comments, imports and identifiers are not shown to users). */
function shownTexts(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const quoted = [
    ...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`|>\s*([A-Za-zÀ-ú][^<>{}\n;=&|()]*)</g),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  return quoted.filter((text) => /\s/.test(text.trim()) || /^[A-ZÀ-Ú]/.test(text.trim()));
}

describe('interface vocabulary', () => {
  it('says palavra-passe, ficheiro, a guardar and utilizador, except in the messages the documents fix', () => {
    const offenders = SOURCES.flatMap(sourceFiles).flatMap((file) =>
      shownTexts(readFileSync(file, 'utf8'))
        .filter((text) => OFF_VOCABULARY.test(text) && !FIXED_BY_THE_DOCUMENTS.has(text.trim()))
        .map((text) => `${file.slice(file.indexOf('/src/') + 1)}: ${text.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
