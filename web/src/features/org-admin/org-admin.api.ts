import type {
  OrganizationDetails,
  OrganizationStats,
  OrganizationUserCreate,
  OrganizationUserUpdate,
  User,
} from '@casa/shared-schema';
import { api, type ApiClient } from '../../lib/api';

/** The organization admin's calls (docs/product.md#organization-admin): online only, the server checks the admin role. */
export const loadOrganization = (client: ApiClient = api) =>
  client.get<OrganizationDetails>('/api/organization');
export const loadOrganizationUsers = (client: ApiClient = api) =>
  client.get<User[]>('/api/organization/users');
export const loadOrganizationStats = (client: ApiClient = api) =>
  client.get<OrganizationStats>('/api/organization/stats');
export const createOrganizationUser = (input: OrganizationUserCreate, client: ApiClient = api) =>
  client.post<User>('/api/organization/users', input);
export const updateOrganizationUser = (id: string, patch: OrganizationUserUpdate, client: ApiClient = api) =>
  client.put<User>(`/api/organization/users/${encodeURIComponent(id)}`, patch);
export const deleteOrganizationUser = (id: string, client: ApiClient = api) =>
  client.del<void>(`/api/organization/users/${encodeURIComponent(id)}`);
