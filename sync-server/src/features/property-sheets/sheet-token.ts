import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** 32 random bytes (256 bits) in base64url: 43 characters, safe in a URL and in a WhatsApp message. */
const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What is stored instead of the token: its SHA-256 in hex (the token is random, so no salt is needed). */
export const hashSheetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newSheetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashSheetToken(token) };
}

/** An active link: which property of which organization, and who made it (the sheet's fallback contact). */
export type SheetLinkKey = {
  linkId: string;
  organizationId: string;
  propertyId: string;
  createdBy: string | null;
};

/**
 * The active link a public URL's token names, or undefined (malformed, unknown or revoked). The only read
 * across organizations of this feature (db/tenant-access.test.ts): there is no session on the public page,
 * the token itself names the organization; everything after it goes through forOrganization.
 */
export async function findActiveSheetLink(db: Knex, token: string): Promise<SheetLinkKey | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const row = (await db('property_sheet_links')
    .where({ token_hash: hashSheetToken(token) })
    .whereNull('revoked_at')
    .first('id', 'organization_id', 'property_id', 'created_by')) as
    { id: string; organization_id: string; property_id: string; created_by: string | null } | undefined;
  return (
    row && {
      linkId: row.id,
      organizationId: row.organization_id,
      propertyId: row.property_id,
      createdBy: row.created_by,
    }
  );
}
