import type { Package, PackageAudience } from '@casa/shared-schema';
import { PACKAGE_AUDIENCES } from '@casa/shared-schema/values';

/** The audience in the package dialog's picker and the packages list's section headings. */
export const PACKAGE_AUDIENCE_PLURAL: Record<PackageAudience, string> = {
  organization: 'Agências',
  individual: 'Agentes individuais',
};

/**
 * The packages list in one section per audience (agencies first), each in the given order: the agency
 * and the individual catalogues share names ('Profissional'), so the list says which is which.
 */
export function packagesByAudience(
  packages: readonly Package[],
): { audience: PackageAudience; heading: string; packages: Package[] }[] {
  return PACKAGE_AUDIENCES.map((audience) => ({
    audience,
    heading: PACKAGE_AUDIENCE_PLURAL[audience],
    packages: packages.filter((p) => p.audience === audience),
  })).filter((section) => section.packages.length > 0);
}
