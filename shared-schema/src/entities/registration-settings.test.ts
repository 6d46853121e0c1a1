import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REGISTRATION_SETTINGS,
  claimsSignupEmail,
  customFieldSchema,
  isEmailDomainAllowed,
  registrationSettingsSchema,
  registrationSettingsUpdateSchema,
} from './registration-settings';

describe('registration settings', () => {
  it('has the docs/product.md#saas-admin defaults', () => {
    expect(DEFAULT_REGISTRATION_SETTINGS).toEqual({
      enabled: false,
      requireApproval: true,
      allowedDomains: [],
      customFields: [],
      maxUsersPerRole: { admin: 5, agent: 50, viewer: 100 },
      invitationOnly: false,
      defaultRole: 'viewer',
    });
  });

  it('normalises and deduplicates domains', () => {
    const s = registrationSettingsSchema.parse({ allowedDomains: ['Casa.pt', '@casa.pt', 'outra.com'] });
    expect(s.allowedDomains).toEqual(['casa.pt', 'outra.com']);
    expect(registrationSettingsSchema.safeParse({ allowedDomains: ['não é domínio'] }).success).toBe(false);
  });

  it('keeps per-role limits non-negative (0 = unlimited)', () => {
    expect(registrationSettingsSchema.parse({ maxUsersPerRole: { agent: 0 } }).maxUsersPerRole).toEqual({
      admin: 5,
      agent: 0,
      viewer: 100,
    });
    expect(registrationSettingsSchema.safeParse({ maxUsersPerRole: { admin: -1 } }).success).toBe(false);
    expect(registrationSettingsSchema.safeParse({ defaultRole: 'super_admin' }).success).toBe(false);
  });

  it('update adds no defaults', () => {
    expect(registrationSettingsUpdateSchema.parse({ enabled: true })).toEqual({ enabled: true });
  });
});

describe('customFieldSchema', () => {
  it('needs a label', () => {
    expect(
      customFieldSchema.safeParse({ id: 'nif', label: ' ', type: 'text' }).error?.issues[0]?.message,
    ).toBe('Campo obrigatório');
    expect(customFieldSchema.parse({ id: 'nif', label: 'NIF', type: 'text' })).toEqual({
      id: 'nif',
      label: 'NIF',
      type: 'text',
      required: false,
    });
  });
});

describe('isEmailDomainAllowed', () => {
  it('allows everything with an empty list', () => {
    expect(isEmailDomainAllowed('a@x.pt', [])).toBe(true);
    expect(isEmailDomainAllowed('a@Casa.pt', ['casa.pt'])).toBe(true);
    expect(isEmailDomainAllowed('a@x.pt', ['casa.pt'])).toBe(false);
  });
});

describe('claimsSignupEmail', () => {
  const open = { enabled: true, invitationOnly: false, allowedDomains: ['casa.pt'] };
  it('claims a sign-up only for a listed domain of an enabled, open organization', () => {
    expect(claimsSignupEmail(open, 'Ana@Casa.PT')).toBe(true);
    expect(claimsSignupEmail(open, 'ana@outra.pt')).toBe(false);
    expect(claimsSignupEmail({ ...open, enabled: false }, 'ana@casa.pt')).toBe(false);
    expect(claimsSignupEmail({ ...open, invitationOnly: true }, 'ana@casa.pt')).toBe(false);
  });

  it('claims nothing with an empty list (which still allows every domain to its admin)', () => {
    expect(claimsSignupEmail({ ...open, allowedDomains: [] }, 'ana@casa.pt')).toBe(false);
    expect(isEmailDomainAllowed('ana@casa.pt', [])).toBe(true);
  });
});
