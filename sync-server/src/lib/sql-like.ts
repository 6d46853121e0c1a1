/** `LIKE` pattern for a substring, with %, _ and \ escaped (used with ESCAPE '\'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
