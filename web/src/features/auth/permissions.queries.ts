import type { Permissions } from '@casa/shared-schema';
import { permissionsOf } from '@casa/shared-schema/values';
import { useSession } from './session.queries';

/** canCreate / canEdit / canDelete / isAdmin of the signed-in user (docs/product.md#roles). */
export function usePermissions(): Permissions {
  return permissionsOf(useSession().user?.role);
}
