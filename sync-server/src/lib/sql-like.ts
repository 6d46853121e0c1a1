/** `LIKE` pattern for a substring, with %, _ and \ escaped (used with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * SQLite `GLOB` pattern for a substring: `*`, `?` and `[` are each put in a bracket class, where they are
 * literal (`]` outside a class already is). GLOB compares characters exactly, as instr() does.
 */
export function globContains(text: string): string {
  return `*${text.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}
