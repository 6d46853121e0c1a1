import type { Role } from '@casa/shared-schema';
import { can } from '@casa/shared-schema/values';

/** Who the replica belongs to; the role decides whether CRM writes are allowed. */
export type ReplicaSession = {
  userId: string;
  organizationId: string;
  role: Role;
  isSuperAdmin?: boolean;
};

/** The shared rule (shared-schema permissions.ts): the mutation effects' `canWrite`. */
export function canWrite(session: ReplicaSession): boolean {
  return can(session, 'write');
}
