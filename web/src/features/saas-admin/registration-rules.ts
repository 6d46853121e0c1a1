import {
  domainSchema,
  validationMessages as m,
  type CustomField,
  type CustomFieldType,
  type OrganizationRole,
  type RegistrationSettings,
} from '@casa/shared-schema';

export type DomainAddResult = { ok: true; domains: string[] } | { ok: false; error: string | null };

/**
 * Adds a domain (lower-case, leading '@' dropped) only when valid and not already listed; a duplicate is
 * silently ignored (error null), an invalid one answers 'Domínio inválido'.
 */
export function addAllowedDomain(domains: readonly string[], raw: string): DomainAddResult {
  const parsed = domainSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: m.invalidDomain };
  if (domains.includes(parsed.data)) return { ok: false, error: null };
  return { ok: true, domains: [...domains, parsed.data] };
}

/** Per-role limit typed in a field: a non-negative integer (0 = unlimited), else null (rejected). */
export function parseRoleLimit(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= 1_000_000 ? n : null;
}

export function roleLimitLabel(limit: number): string {
  return limit === 0 ? 'Ilimitado' : String(limit);
}

export const SELECT_TYPES: readonly CustomFieldType[] = ['select', 'multiselect'];

export function newCustomField(existing: readonly CustomField[]): CustomField {
  const used = new Set(existing.map((f) => f.id));
  let n = existing.length + 1;
  while (used.has(`campo_${n}`)) n += 1;
  return { id: `campo_${n}`, label: '', type: 'text', required: false };
}

/**
 * A custom field as saved: label required ('Campo obrigatório'); options only for select types (empty
 * lines dropped); empty placeholder and validation bounds left out. Answers the error or the cleaned field.
 */
export function cleanCustomField(field: CustomField): { field: CustomField } | { error: string } {
  if (!field.label.trim()) return { error: m.fieldRequired };
  const out: CustomField = {
    id: field.id,
    label: field.label.trim(),
    type: field.type,
    required: field.required,
  };
  if (field.placeholder?.trim()) out.placeholder = field.placeholder.trim();
  if (SELECT_TYPES.includes(field.type)) {
    out.options = (field.options ?? []).map((o) => o.trim()).filter(Boolean);
  }
  const v = field.validation ?? {};
  const validation: NonNullable<CustomField['validation']> = {};
  if (typeof v.minLength === 'number') validation.minLength = v.minLength;
  if (typeof v.maxLength === 'number') validation.maxLength = v.maxLength;
  if (v.pattern?.trim()) validation.pattern = v.pattern.trim();
  if (Object.keys(validation).length > 0) out.validation = validation;
  return { field: out };
}

export type SettingsDraft = Pick<
  RegistrationSettings,
  | 'enabled'
  | 'requireApproval'
  | 'invitationOnly'
  | 'defaultRole'
  | 'allowedDomains'
  | 'maxUsersPerRole'
  | 'customFields'
>;

export type SettingsCheck =
  { ok: true; payload: SettingsDraft } | { ok: false; fieldErrors: Record<string, string> };

/** Validates the whole draft before saving; errors are keyed 'customFields.<id>' or 'maxUsersPerRole.<role>'. */
export function checkSettings(draft: SettingsDraft): SettingsCheck {
  const fieldErrors: Record<string, string> = {};
  const customFields: CustomField[] = [];
  for (const f of draft.customFields) {
    const cleaned = cleanCustomField(f);
    if ('error' in cleaned) fieldErrors[`customFields.${f.id}`] = cleaned.error;
    else customFields.push(cleaned.field);
  }
  for (const role of ['admin', 'agent', 'viewer'] as OrganizationRole[]) {
    const n = draft.maxUsersPerRole[role];
    if (!Number.isInteger(n) || n < 0) fieldErrors[`maxUsersPerRole.${role}`] = m.nonNegative;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, payload: { ...draft, customFields } };
}
