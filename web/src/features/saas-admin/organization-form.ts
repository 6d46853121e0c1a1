import {
  DEFAULT_MAX_CLIENTS,
  DEFAULT_MAX_USERS,
  validationMessages as m,
  type Organization,
  type Package,
} from '@casa/shared-schema';

export type OrganizationFormValues = {
  name: string;
  email: string;
  packageId: string;
  maxUsers: string;
  maxClients: string;
};

/** New organization: the first package and its limits, else 5 and 500 (docs/product.md#saas-admin). */
export function organizationToForm(
  org: Organization | null,
  packages: readonly Package[],
): OrganizationFormValues {
  if (org) {
    return {
      name: org.name,
      email: org.email ?? '',
      packageId: org.packageId ?? '',
      maxUsers: String(org.maxUsers),
      maxClients: String(org.maxClients),
    };
  }
  const first = packages[0];
  return {
    name: '',
    email: '',
    packageId: first?.id ?? '',
    maxUsers: String(first?.maxUsers ?? DEFAULT_MAX_USERS),
    maxClients: String(first?.maxClients ?? DEFAULT_MAX_CLIENTS),
  };
}

/** Choosing a package copies its maxUsers and maxClients. */
export function choosePackage(
  values: OrganizationFormValues,
  packageId: string,
  packages: readonly Package[],
): OrganizationFormValues {
  const pkg = packages.find((p) => p.id === packageId);
  if (!pkg) return { ...values, packageId };
  return { ...values, packageId, maxUsers: String(pkg.maxUsers), maxClients: String(pkg.maxClients) };
}

/** Anything not a non-negative integer falls back (5 users, 500 clients). */
export function limitOr(raw: string, fallback: number): number {
  const text = raw.trim();
  return /^\d+$/.test(text) ? Number(text) : fallback;
}

export type OrganizationPayload = {
  name: string;
  email: string;
  packageId: string | null;
  maxUsers: number;
  maxClients: number;
};

export function organizationFormToPayload(
  values: OrganizationFormValues,
): { ok: true; payload: OrganizationPayload } | { ok: false; error: string } {
  const name = values.name.trim();
  const email = values.email.trim();
  if (!name || !email) return { ok: false, error: m.organizationNameEmailRequired };
  return {
    ok: true,
    payload: {
      name,
      email,
      packageId: values.packageId || null,
      maxUsers: limitOr(values.maxUsers, DEFAULT_MAX_USERS),
      maxClients: limitOr(values.maxClients, DEFAULT_MAX_CLIENTS),
    },
  };
}
