import type { Client, Tag } from '@casa/shared-schema';
import { findTagByName } from '@casa/shared-schema/values';
import type { Mutators } from '../../data/mutators';
import { formToClientInput, type ClientFormValues, type TagChoice } from './client-form.logic';

type TagRef = Pick<Tag, 'id' | 'name'>;
type SaveMutators = Pick<Mutators, 'createClient' | 'updateClient' | 'setClientTags' | 'createTag'>;

/**
 * The ids of the chosen tags. A choice without id reuses a live tag of that name (any case, also one
 * created earlier in this loop) and only otherwise creates the tag with its colour.
 */
export async function resolveTagIds(
  mutate: Pick<Mutators, 'createTag'>,
  existing: readonly TagRef[],
  choices: readonly TagChoice[],
): Promise<string[]> {
  const known: TagRef[] = [...existing];
  const ids: string[] = [];
  for (const choice of choices) {
    const name = choice.name.trim();
    const byId = choice.id ? known.find((t) => t.id === choice.id) : undefined;
    let tag = byId ?? (name ? findTagByName(known, name) : undefined);
    if (!tag && name) {
      const { id } = await mutate.createTag({ name, color: choice.color });
      tag = { id: id!, name };
      known.push(tag);
    }
    if (tag && !ids.includes(tag.id)) ids.push(tag.id);
  }
  return ids;
}

/** The client was saved but its tags were not (the tag toast, not the client one). */
export class TagSaveError extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : 'tags');
    this.name = 'TagSaveError';
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * Create or update, then the tags (created first when new). `current` is the edited client with its
 * linked tag ids. Answers the client's id. Throws MutationRejection like the mutators.
 */
export async function saveClient(
  mutate: SaveMutators,
  values: ClientFormValues,
  existingTags: readonly TagRef[],
  current?: { client: Client; tagIds: readonly string[] },
): Promise<string> {
  const { tags: _names, ...fields } = formToClientInput(
    values,
    (current?.client.customFields ?? {}) as Record<string, unknown>,
  );
  let id: string;
  if (current) {
    id = current.client.id;
    await mutate.updateClient({ id, ...fields });
  } else {
    id = (await mutate.createClient(fields)).id!;
  }
  try {
    const tagIds = await resolveTagIds(mutate, existingTags, values.tags);
    if (!current || !sameSet(tagIds, current.tagIds)) await mutate.setClientTags({ clientId: id, tagIds });
  } catch (error) {
    throw new TagSaveError(error);
  }
  return id;
}
