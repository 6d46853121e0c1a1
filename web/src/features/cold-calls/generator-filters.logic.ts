// The list generator's first step: the typed filters read by the campaign schema (zod), so this module
// loads with the dialog, not with the screens' start (docs/decisions.md).
import { campaignFiltersSchema, type CampaignFilters } from '@casa/shared-schema';

/** The list generator's first step as typed (strings from the inputs; 'all'/'any' mean no filter). */
export type GeneratorFilterForm = {
  clientType: string;
  minRating: string;
  zone: string;
  minBudget: string;
  maxBudget: string;
  lastContact: string;
};

export const EMPTY_GENERATOR_FILTERS: GeneratorFilterForm = {
  clientType: 'all',
  minRating: '0',
  zone: '',
  minBudget: '',
  maxBudget: '',
  lastContact: 'any',
};

/** The form as campaign filters (the server's schema), or the first field error. */
export function generatorFilters(
  form: GeneratorFilterForm,
): { ok: true; filters: CampaignFilters } | { ok: false; field: string; message: string } {
  const parsed = campaignFiltersSchema.safeParse({
    clientType: form.clientType,
    minRating: form.minRating === '0' ? null : form.minRating,
    hasPhone: true,
    zone: form.zone,
    minBudget: form.minBudget,
    maxBudget: form.maxBudget,
    lastContactDays: form.lastContact,
  });
  if (parsed.success) return { ok: true, filters: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, field: String(issue.path[0] ?? ''), message: issue.message };
}
