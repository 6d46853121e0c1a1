import type { Role } from '@casa/shared-schema';

/** Who the replica belongs to; the role decides whether CRM writes are allowed. */
export type ReplicaSession = {
  userId: string;
  organizationId: string;
  role: Role;
  isSuperAdmin?: boolean;
};

export function canWrite(session: ReplicaSession): boolean {
  return Boolean(session.isSuperAdmin) || session.role === 'admin' || session.role === 'agent';
}
