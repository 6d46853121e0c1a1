import { organizationLimit } from '@casa/shared-schema';

const number = new Intl.NumberFormat('pt-PT');

/**
 * 'x / max' of the organizations table: 'Ilimitado' for a limit of 0 (as the organization's own page
 * says), the table fallbacks (10 users, 1000 clients) only when the organization carries no limit.
 */
export function usageText(
  count: number | undefined,
  max: number | null | undefined,
  fallback: number,
): string {
  const limit = organizationLimit(max, fallback);
  return `${number.format(count ?? 0)} / ${limit === null ? 'Ilimitado' : number.format(limit)}`;
}
