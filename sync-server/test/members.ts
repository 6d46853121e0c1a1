import { createMember, createUser, TEST_PASSWORD } from './factories';
import type { TestClient, TestServer } from './server';

export type SignedInMembers = {
  organizationId: string;
  agentId: string;
  /** The organization's agent, signed in. */
  agent: TestClient;
  /** A viewer of the same organization, signed in. */
  viewer: TestClient;
  /** An admin of another organization, signed in: what it sees and writes checks the tenancy. */
  outsider: TestClient;
};

/** The three sessions the route tests share: an agent and a viewer of one organization, an outsider. */
export async function signedInMembers(
  server: TestServer,
  names: { organization?: string; outsider?: string } = {},
): Promise<SignedInMembers> {
  const member = await createMember(server.knex, 'agent', { name: names.organization });
  const organizationId = member.organization.id;
  const viewerUser = await createUser(server.knex, { organizationId, role: 'viewer' });
  const other = await createMember(server.knex, 'admin', { name: names.outsider });
  return {
    organizationId,
    agentId: member.user.id,
    agent: await server.loginAs(member.user.email, TEST_PASSWORD),
    viewer: await server.loginAs(viewerUser.email, TEST_PASSWORD),
    outsider: await server.loginAs(other.user.email, TEST_PASSWORD),
  };
}
