// A tag's rules that need no schema, so no zod: the web app's start reads them through
// '@casa/shared-schema/values' (values.ts, docs/decisions.md); the index re-exports them too.

/** Key for the case-insensitive uniqueness of tag names within an organization. */
export function tagNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('pt-PT');
}

/** An existing tag with the same name (case-insensitive) is reused instead of creating another. */
export function findTagByName<T extends { name: string }>(tags: readonly T[], name: string): T | undefined {
  const key = tagNameKey(name);
  return tags.find((t) => tagNameKey(t.name) === key);
}
