import {
  saasUserCreateSchema,
  saasUserUpdateSchema,
  validationMessages,
  type Role,
  type SaasUserCreate,
  type SaasUserUpdate,
  type User,
} from '@casa/shared-schema';
import type { FieldErrors, ResolverResult } from 'react-hook-form';
import { isProtectedUser } from './saas-users.logic';
import { saasUsersTexts as t } from './saas-users.texts';

/** What the dialog's inputs hold (all text; '' is empty). */
export type SaasUserFields = {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  organizationId: string;
  status: 'active' | 'suspended' | 'inactive';
  password: string;
};

export type SaasUserPayload =
  { mode: 'create'; input: SaasUserCreate } | { mode: 'edit'; input: SaasUserUpdate };

export function saasUserDefaults(user: User | null): SaasUserFields {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'agent',
    organizationId: user?.organizationId ?? '',
    status: user?.status ?? 'active',
    password: '',
  };
}

/**
 * The body of POST (create) or PUT (edit) /api/saas/users. A super admin has no organization; in edit the
 * email is never sent (it cannot change), nor a blank password, nor a protected user's role and status.
 */
function toBody(values: SaasUserFields, editing: User | null): Record<string, unknown> {
  const superAdmin = values.role === 'super_admin';
  const common = {
    firstName: values.firstName,
    lastName: values.lastName,
    role: values.role,
    status: values.status,
    organizationId: superAdmin ? undefined : values.organizationId || undefined,
    password: values.password === '' ? undefined : values.password,
  };
  if (!editing) return { ...common, email: values.email };
  if (isProtectedUser(editing)) return { ...common, role: undefined, status: undefined };
  return common;
}

/** react-hook-form resolver over the shared schemas; a new user also needs a password to be able to log in. */
export function saasUserResolver(editing: User | null) {
  return (values: SaasUserFields): ResolverResult<SaasUserFields, SaasUserPayload> => {
    const body = toBody(values, editing);
    const parsed = editing ? saasUserUpdateSchema.safeParse(body) : saasUserCreateSchema.safeParse(body);
    const errors: Record<string, { type: string; message: string }> = {};
    const fail = (field: string, message: string) => {
      errors[field] ??= { type: 'validate', message };
    };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'firstName');
        fail(field, field === 'organizationId' ? t.organizationRequired : issue.message);
      }
    }
    if (!editing && !values.password) fail('password', validationMessages.passwordRequired);
    if (Object.keys(errors).length > 0 || !parsed.success) {
      return { values: {}, errors: errors as FieldErrors<SaasUserFields> };
    }
    const payload: SaasUserPayload = editing
      ? { mode: 'edit', input: parsed.data as SaasUserUpdate }
      : { mode: 'create', input: parsed.data as SaasUserCreate };
    return { values: payload, errors: {} };
  };
}
