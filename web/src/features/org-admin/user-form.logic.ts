import { z } from 'zod';
import {
  ORGANIZATION_ROLES,
  organizationUserCreateSchema,
  organizationUserUpdateSchema,
  type OrganizationRole,
  type OrganizationUserCreate,
  type OrganizationUserUpdate,
  type User,
} from '@casa/shared-schema';
import { userRoleLabel } from './org-admin.logic';

/** Only these two states toggle (docs/product.md#organization-admin). */
export const FORM_STATUSES = ['active', 'suspended'] as const;
/** An inactive user (a sign-up awaiting approval) keeps that state until the admin picks another. */
export type FormStatus = (typeof FORM_STATUSES)[number] | 'inactive';

/** The status choices of the dialog: 'inactive' only for a user who is inactive now. */
export function statusOptions(current: FormStatus): readonly FormStatus[] {
  return current === 'inactive' ? ['inactive', ...FORM_STATUSES] : FORM_STATUSES;
}

export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: OrganizationRole;
  status: FormStatus;
  password: string;
};

export const roleOptions = ORGANIZATION_ROLES.map((value) => ({ value, label: userRoleLabel(value) }));

/** A new user: role agent by default (docs/product.md#roles), active. */
export function emptyUserForm(): UserFormValues {
  return { firstName: '', lastName: '', email: '', phone: '', role: 'agent', status: 'active', password: '' };
}

export function userToForm(user: User): UserFormValues {
  const role = (ORGANIZATION_ROLES as readonly string[]).includes(user.role)
    ? (user.role as OrganizationRole)
    : 'viewer';
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    role,
    status: user.status,
    password: '',
  };
}

/** POST body: blank optional texts travel as null (the shared schema trims them). */
export function formToCreate(values: UserFormValues): OrganizationUserCreate {
  return organizationUserCreateSchema.parse({ ...values, email: values.email.trim() });
}

/** PUT body: the email never travels (it cannot change) and the password field is not shown in edit. */
export function formToUpdate(values: UserFormValues): OrganizationUserUpdate {
  const { firstName, lastName, phone, role, status } = values;
  return organizationUserUpdateSchema.parse({ firstName, lastName, phone, role, status });
}

const formShape = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  status: z.enum([...FORM_STATUSES, 'inactive']),
  password: z.string(),
});

/** The dialog's resolver: the shared create or update schema, its messages put back on the fields. */
export function userFormSchema(mode: 'create' | 'edit') {
  return formShape.superRefine((values, ctx) => {
    const result =
      mode === 'create'
        ? organizationUserCreateSchema.safeParse({ ...values, email: values.email.trim() })
        : organizationUserUpdateSchema.safeParse({
            firstName: values.firstName,
            lastName: values.lastName,
            phone: values.phone,
            role: values.role,
            status: values.status,
          });
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [String(issue.path[0] ?? 'firstName')] });
    }
  });
}
