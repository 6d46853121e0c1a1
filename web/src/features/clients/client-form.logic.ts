import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  CLIENT_CUSTOM_FIELDS,
  CLIENT_FIELDS,
  clientCreateSchema,
  CUSTOM_FIELD_DEFS,
  customFieldLabel,
  CUSTOM_FIELDS_BY_TYPE,
  DEFAULT_TAG_COLOR,
  findTagByName,
  TAG_NAME_MAX,
  tagNameKey,
  validationMessages,
  textInputKeys,
  toAmount,
  type Client,
  type ClientCreateInput,
  type ClientType,
  type CustomFieldDef,
  type CustomFieldKind,
  type Tag,
  type TextInputKeys,
} from '@casa/shared-schema';

export { CUSTOM_FIELD_DEFS, customFieldLabel, type CustomFieldDef, type CustomFieldKind };

const KNOWN_CUSTOM_KEYS = new Set(Object.keys(CLIENT_CUSTOM_FIELDS));

/** The client fields typed as text (name, email, phone, birthday, notes…): from CLIENT_FIELDS' kinds. */
const TEXT_KEYS = textInputKeys(CLIENT_FIELDS);
type TextKey = TextInputKeys<typeof CLIENT_FIELDS>;

export type TagChoice = { id: string | null; name: string; color: string };

/** Everything is text while editing (inputs); numbers are read back in `formToClientInput`. */
export type ClientFormValues = Record<TextKey, string> & {
  type: ClientType;
  rating: number;
  customFields: Record<string, string>;
  tags: TagChoice[];
  /** What is typed in the tag box and not yet added (Enter or leaving the box adds it). */
  tagDraft: string;
};

export function emptyClientForm(type: ClientType = 'Comprador'): ClientFormValues {
  return {
    ...textValues(() => ''),
    type,
    rating: 0,
    customFields: {},
    tags: [],
    tagDraft: '',
  };
}

const asText = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function textValues(valueOf: (key: TextKey) => string): Record<TextKey, string> {
  return Object.fromEntries(TEXT_KEYS.map((key) => [key, valueOf(key)])) as Record<TextKey, string>;
}

export function clientToForm(
  client: Client,
  tags: readonly Pick<Tag, 'id' | 'name' | 'color'>[],
): ClientFormValues {
  const custom = (client.customFields ?? {}) as Record<string, unknown>;
  const customFields: Record<string, string> = {};
  for (const def of CUSTOM_FIELD_DEFS[client.type]) customFields[def.key] = asText(custom[def.key]);
  return {
    ...textValues((key) => asText(client[key])),
    type: client.type,
    rating: client.rating ?? 0,
    customFields,
    tags: tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
    tagDraft: '',
  };
}

/**
 * The form as createClient/updateClient args. Only the chosen type's fields are sent (blank ones are
 * left out), numbers become numbers; keys no form field knows (imports) are kept from `previous`.
 */
export function formToClientInput(
  values: ClientFormValues,
  previous: Record<string, unknown> = {},
): ClientCreateInput & { tags: string[] } {
  const customFields: Record<string, unknown> = Object.fromEntries(
    Object.entries(previous).filter(([key]) => !KNOWN_CUSTOM_KEYS.has(key)),
  );
  for (const def of CUSTOM_FIELD_DEFS[values.type] ?? []) {
    const raw = (values.customFields?.[def.key] ?? '').trim();
    if (raw === '') continue;
    customFields[def.key] = def.kind === 'amount' || def.kind === 'percent' ? (toAmount(raw) ?? raw) : raw;
  }
  return {
    ...textValues((key) => values[key]),
    type: values.type,
    rating: values.rating ?? 0,
    customFields,
    tags: values.tags.map((t) => t.name),
  };
}

/** Field path ('name', 'customFields.budget') → first message, or null when the form is valid. */
export function clientFormErrors(values: ClientFormValues): Record<string, string> | null {
  const input = formToClientInput(values);
  const errors: Record<string, string> = {};
  const note = (issues: readonly { path: PropertyKey[]; message: string }[], prefix: string[] = []) => {
    for (const issue of issues) errors[[...prefix, ...issue.path].join('.') || 'root'] ??= issue.message;
  };
  // Text left in the tag box that cannot become a tag must block the save, said at the tag box: saving
  // without it would drop what was typed.
  const draftProblem = values.tagDraft?.trim() ? tagNameProblem(values.tagDraft) : null;
  if (draftProblem) errors.tags = draftProblem;
  const result = clientCreateSchema.safeParse(input);
  if (result.success) return draftProblem ? errors : null;
  note(result.error.issues);
  // The type's field rules only run once the other fields pass: check them here too, so every
  // problem shows at once.
  const fields = CUSTOM_FIELDS_BY_TYPE[values.type]?.safeParse(input.customFields);
  if (fields && !fields.success) note(fields.error.issues, ['customFields']);
  return errors;
}

/** Why a typed tag name cannot be added (pt-PT, shown at the tag box), or null when it can. */
export function tagNameProblem(name: string): string | null {
  const clean = name.trim();
  if (!clean) return validationMessages.tagNameRequired;
  if (clean.length > TAG_NAME_MAX) return validationMessages.tagNameTooLong;
  return null;
}

/**
 * The tag box's option/value equality. With free typing, MUI compares a typed string with the chosen
 * values too, so either side may be a string.
 */
export function sameTagChoice(a: TagChoice | string, b: TagChoice | string): boolean {
  return tagNameKey(typeof a === 'string' ? a : a.name) === tagNameKey(typeof b === 'string' ? b : b.name);
}

/**
 * Adds a typed tag to the choices: names with a tagNameProblem (blank, too long) are refused (null); an existing tag of that
 * name (any case) is reused; a name already chosen is not added twice.
 */
export function addTagChoice(
  chosen: readonly TagChoice[],
  existing: readonly Pick<Tag, 'id' | 'name' | 'color'>[],
  name: string,
  color: string = DEFAULT_TAG_COLOR,
): TagChoice[] | null {
  const clean = name.trim();
  if (tagNameProblem(clean)) return null;
  if (findTagByName(chosen, clean)) return [...chosen];
  const match = findTagByName(existing, clean);
  const choice = match
    ? { id: match.id, name: match.name, color: match.color }
    : { id: null, name: clean, color };
  return [...chosen, choice];
}

/** react-hook-form resolver over `clientFormErrors` (errors nested by path, e.g. customFields.budget). */
export const clientFormResolver: Resolver<ClientFormValues> = (values) => {
  const found = clientFormErrors(values);
  if (!found) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(found)) {
    const parts = path.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = { type: 'validation', message };
  }
  return { values: {}, errors: errors as FieldErrors<ClientFormValues> };
};
