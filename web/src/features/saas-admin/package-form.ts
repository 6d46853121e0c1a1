import type { Package, PackageAudience, PackageUpdate } from '@casa/shared-schema';
import { validationMessages as m } from '@casa/shared-schema/values';

export type PackagePayload = Required<
  Pick<
    PackageUpdate,
    | 'name'
    | 'displayName'
    | 'audience'
    | 'description'
    | 'price'
    | 'currency'
    | 'maxUsers'
    | 'maxClients'
    | 'features'
    | 'isActive'
    | 'sortOrder'
  >
>;

/** What the package dialog edits; numbers stay strings while typed. */
export type PackageFormValues = {
  name: string;
  displayName: string;
  audience: PackageAudience;
  description: string;
  price: string;
  currency: string;
  maxUsers: string;
  maxClients: string;
  features: string[];
  isActive: boolean;
  sortOrder: string;
};

export type PackageFormErrors = Partial<Record<keyof PackageFormValues, string>>;

/** docs/product.md#saas-admin defaults: price 0.00, EUR, 5 users, 500 clients, active, order 0. */
export function emptyPackageForm(): PackageFormValues {
  return {
    name: '',
    displayName: '',
    audience: 'organization',
    description: '',
    price: '0.00',
    currency: 'EUR',
    maxUsers: '5',
    maxClients: '500',
    features: [],
    isActive: true,
    sortOrder: '0',
  };
}

export function packageToForm(p: Package): PackageFormValues {
  return {
    name: p.name,
    displayName: p.displayName,
    audience: p.audience,
    description: p.description ?? '',
    price: p.price,
    currency: p.currency,
    maxUsers: String(p.maxUsers),
    maxClients: String(p.maxClients),
    features: [...p.features],
    isActive: p.isActive,
    sortOrder: String(p.sortOrder),
  };
}

const INTEGER = /^\d+$/;
const SIGNED_INTEGER = /^-?\d+$/;
const PRICE = /^\d+(?:[.,]\d{1,2})?$/;

/** '12,5' → '12.50': the decimal string the server stores (never a float). */
export function normalizePrice(raw: string): string | null {
  const text = raw.trim();
  if (!PRICE.test(text)) return null;
  const [int = '0', frac = ''] = text.replace(',', '.').split('.');
  return `${Number(int)}.${frac.padEnd(2, '0')}`;
}

/** Form → POST/PUT body (limitations untouched: the server keeps or defaults them), or the field errors (name, displayName, price required; integer limits). */
export function packageFormToPayload(
  values: PackageFormValues,
): { ok: true; payload: PackagePayload } | { ok: false; errors: PackageFormErrors } {
  const errors: PackageFormErrors = {};
  if (!values.name.trim()) errors.name = m.packageNameRequired;
  if (!values.displayName.trim()) errors.displayName = m.packageDisplayNameRequired;
  const price = values.price.trim() === '' ? null : normalizePrice(values.price);
  if (values.price.trim() === '') errors.price = m.priceRequired;
  else if (price === null) errors.price = m.invalidValue;
  for (const key of ['maxUsers', 'maxClients'] as const) {
    if (!INTEGER.test(values[key].trim())) errors[key] = m.invalidInteger;
  }
  if (!SIGNED_INTEGER.test(values.sortOrder.trim())) errors.sortOrder = m.invalidInteger;
  if (Object.keys(errors).length > 0 || price === null) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      name: values.name.trim(),
      displayName: values.displayName.trim(),
      audience: values.audience,
      description: values.description.trim() || null,
      price,
      currency: values.currency.trim().toUpperCase() || 'EUR',
      maxUsers: Number(values.maxUsers),
      maxClients: Number(values.maxClients),
      features: values.features.map((f) => f.trim()).filter(Boolean),
      isActive: values.isActive,
      sortOrder: Number(values.sortOrder),
    },
  };
}

const number = new Intl.NumberFormat('pt-PT');
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** 'Até 5 utilizadores · 500 clientes', 0 meaning unlimited. */
export function limitsText(maxUsers: number, maxClients: number): string {
  const users =
    maxUsers === 0
      ? 'Utilizadores ilimitados'
      : `Até ${number.format(maxUsers)} ${plural(maxUsers, 'utilizador', 'utilizadores')}`;
  const clients =
    maxClients === 0
      ? 'clientes ilimitados'
      : `${number.format(maxClients)} ${plural(maxClients, 'cliente', 'clientes')}`;
  return `${users} · ${clients}`;
}
