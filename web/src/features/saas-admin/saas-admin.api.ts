import type {
  Organization,
  OrganizationCreate,
  OrganizationUpdate,
  Package,
  PackageUpdate,
  RegistrationSettings,
  RegistrationSettingsUpdate,
  SaasStats,
} from '@casa/shared-schema';
import { api, type ApiClient } from '../../lib/api';

export const loadSaasStats = (client: ApiClient = api) => client.get<SaasStats>('/api/saas/stats');

export const loadPackages = (client: ApiClient = api) => client.get<Package[]>('/api/packages');
export const createPackage = (body: PackageUpdate, client: ApiClient = api) =>
  client.post<Package>('/api/packages', body);
export const updatePackage = (id: string, body: PackageUpdate, client: ApiClient = api) =>
  client.put<Package>(`/api/packages/${id}`, body);
export const deletePackage = (id: string, client: ApiClient = api) => client.del<void>(`/api/packages/${id}`);

export const loadOrganizations = (client: ApiClient = api) =>
  client.get<Organization[]>('/api/saas/organizations');
export const createOrganization = (body: Partial<OrganizationCreate>, client: ApiClient = api) =>
  client.post<Organization>('/api/saas/organizations', body);
export const updateOrganization = (id: string, body: OrganizationUpdate, client: ApiClient = api) =>
  client.put<Organization>(`/api/saas/organizations/${id}`, body);
export const setOrganizationStatus = (id: string, status: 'active' | 'suspended', client: ApiClient = api) =>
  client.put<Organization>(`/api/saas/organizations/${id}/status`, { status });
export const deleteOrganization = (id: string, client: ApiClient = api) =>
  client.del<void>(`/api/saas/organizations/${id}`);

export const loadRegistrationSettings = (organizationId: string, client: ApiClient = api) =>
  client.get<RegistrationSettings>(`/api/organizations/${organizationId}/registration-settings`);
export const saveRegistrationSettings = (
  organizationId: string,
  body: RegistrationSettingsUpdate,
  client: ApiClient = api,
) => client.put<RegistrationSettings>(`/api/organizations/${organizationId}/registration-settings`, body);
