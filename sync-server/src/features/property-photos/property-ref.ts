import { errorMessages } from '@casa/shared-schema';
import { forOrganization } from '../../db/scope';
import type { DomainCtx } from '../../http/context';
import { notFound } from '../../http/errors';

/** 404 unless `propertyId` is a live property of the caller's organization. */
export async function assertPropertyExists(ctx: DomainCtx, propertyId: string): Promise<void> {
  const found = await forOrganization(ctx.db, ctx.auth).find('properties', propertyId);
  if (!found) throw notFound(errorMessages.propertyPhotoPropertyNotFound);
}
