import { DEFAULT_USER_SETTINGS } from '@casa/shared-schema';
import type { Random } from '@casa/shared-schema/generators';
import type { Knex } from 'knex';
import { insertRecords } from './insert';
import { SAAS_PACKAGES } from './packages';

export const DEMO_PASSWORD = 'Demo1234!';

/** Fixed ids, so tests, e2e fixtures and bookmarks can name the demo accounts. */
export const DEMO_IDS = {
  demoOrganization: '00000000-0000-4000-8000-000000000001',
  otherOrganization: '00000000-0000-4000-8000-000000000002',
  superAdmin: '00000000-0000-4000-8000-000000000100',
  demoAdmin: '00000000-0000-4000-8000-000000000101',
  demoAgent: '00000000-0000-4000-8000-000000000102',
  demoViewer: '00000000-0000-4000-8000-000000000103',
  otherAdmin: '00000000-0000-4000-8000-000000000201',
} as const;

export const DEMO_ORGANIZATION_NAME = 'Imobiliária Demo';
export const OTHER_ORGANIZATION_NAME = 'Outra Imobiliária';

export type DemoUser = { id: string; organizationId: string | null; firstName: string; lastName: string };

type UserSeed = DemoUser & {
  email: string;
  role: string;
  isSuperAdmin?: boolean;
  phone?: string;
  bio?: string;
};

const USERS: readonly UserSeed[] = [
  {
    id: DEMO_IDS.superAdmin,
    organizationId: null,
    email: 'super@demo.pt',
    firstName: 'Sofia',
    lastName: 'Almeida',
    role: 'super_admin',
    isSuperAdmin: true,
  },
  {
    id: DEMO_IDS.demoAdmin,
    organizationId: DEMO_IDS.demoOrganization,
    email: 'admin@demo.pt',
    firstName: 'Ana',
    lastName: 'Ferreira',
    role: 'admin',
    phone: '+351912345678',
    bio: 'Diretora comercial da Imobiliária Demo.',
  },
  {
    id: DEMO_IDS.demoAgent,
    organizationId: DEMO_IDS.demoOrganization,
    email: 'agente@demo.pt',
    firstName: 'Bruno',
    lastName: 'Costa',
    role: 'agent',
    phone: '+351923456789',
    bio: 'Agente especializado em Lisboa e Cascais.',
  },
  {
    id: DEMO_IDS.demoViewer,
    organizationId: DEMO_IDS.demoOrganization,
    email: 'viewer@demo.pt',
    firstName: 'Carla',
    lastName: 'Mendes',
    role: 'viewer',
  },
  {
    id: DEMO_IDS.otherAdmin,
    organizationId: DEMO_IDS.otherOrganization,
    email: 'admin@outra.pt',
    firstName: 'Diogo',
    lastName: 'Ramos',
    role: 'admin',
    phone: '+351934567890',
  },
];

const DAY_MS = 86_400_000;

/** Packages, the two agencies, their users (one shared password hash) and per-user/per-org settings. */
export async function seedAccounts(
  knex: Knex,
  rng: Random,
  now: Date,
  passwordHash: string,
): Promise<DemoUser[]> {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const packages = SAAS_PACKAGES.map((p) => ({
    id: rng.uuid(),
    ...p,
    currency: 'EUR',
    isActive: true,
    createdAt: at(400),
    updatedAt: at(400),
  }));
  await insertRecords(knex, 'packages', packages);
  const packageId = (name: string) => packages.find((p) => p.name === name)?.id ?? null;

  await insertRecords(knex, 'organizations', [
    {
      id: DEMO_IDS.demoOrganization,
      name: DEMO_ORGANIZATION_NAME,
      email: 'geral@demo.pt',
      packageId: packageId('org-professional'),
      plan: 'professional',
      status: 'active',
      maxUsers: 15,
      maxClients: 5000,
      settings: {},
      isProtected: true,
      trialEndsAt: null,
      createdAt: at(365),
      updatedAt: at(30),
    },
    {
      id: DEMO_IDS.otherOrganization,
      name: OTHER_ORGANIZATION_NAME,
      email: 'geral@outra.pt',
      packageId: packageId('org-starter'),
      plan: 'starter',
      status: 'active',
      maxUsers: 5,
      maxClients: 500,
      settings: {},
      isProtected: false,
      trialEndsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      createdAt: at(7),
      updatedAt: at(7),
    },
  ]);

  await insertRecords(knex, 'subscriptions', [
    {
      id: rng.uuid(),
      organizationId: DEMO_IDS.demoOrganization,
      packageId: packageId('org-professional'),
      billingCycle: 'yearly',
      status: 'active',
      trialEndsAt: null,
      createdAt: at(365),
      updatedAt: at(365),
    },
    {
      id: rng.uuid(),
      organizationId: DEMO_IDS.otherOrganization,
      packageId: packageId('org-starter'),
      billingCycle: 'monthly',
      status: 'trial',
      trialEndsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      createdAt: at(7),
      updatedAt: at(7),
    },
  ]);

  await insertRecords(
    knex,
    'users',
    USERS.map((u, i) => ({
      id: u.id,
      organizationId: u.organizationId,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      phone: u.phone ?? null,
      bio: u.bio ?? null,
      profileImageUrl: null,
      passwordHash,
      authProvider: 'local',
      role: u.role,
      status: 'active',
      isSuperAdmin: u.isSuperAdmin ?? false,
      lastLoginAt: i < 3 ? at(i) : null,
      createdAt: u.organizationId === DEMO_IDS.otherOrganization ? at(7) : at(365),
      updatedAt: at(30),
    })),
  );

  await insertRecords(
    knex,
    'user_settings',
    USERS.map((u) => ({ id: rng.uuid(), userId: u.id, settings: DEFAULT_USER_SETTINGS, updatedAt: at(30) })),
  );
  await insertRecords(
    knex,
    'notification_preferences',
    USERS.map((u) => ({
      id: rng.uuid(),
      userId: u.id,
      followUps: true,
      birthdays: true,
      overdueTasks: true,
      newClients: true,
      coldCalls: true,
      systemAlerts: true,
      propertyMatches: true,
      emailNotifications: u.role !== 'viewer',
      pushNotifications: true,
      notificationTime: '09:00',
      updatedAt: at(30),
    })),
  );
  await insertRecords(
    knex,
    'registration_settings',
    [DEMO_IDS.demoOrganization, DEMO_IDS.otherOrganization].map((organizationId) => ({
      id: rng.uuid(),
      organizationId,
      enabled: false,
      requireApproval: true,
      allowedDomains: [],
      customFields: [],
      maxUsersPerRole: { admin: 5, agent: 50, viewer: 100 },
      invitationOnly: false,
      defaultRole: 'viewer',
      updatedAt: at(30),
    })),
  );
  return USERS.map(({ id, organizationId, firstName, lastName }) => ({
    id,
    organizationId,
    firstName,
    lastName,
  }));
}
