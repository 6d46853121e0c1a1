import { z } from 'zod';
import { uuidSchema } from '../primitives';

/** The public page of a property sheet ('Ficha do imóvel'): `/ficha/{token}`, served by the server, no app. */
export const PROPERTY_SHEET_PATH = '/ficha';

/**
 * An active share link of a property sheet, as listed to the agency (GET /api/properties/{id}/sheet-links).
 * The token is never here: only its SHA-256 is stored, so the URL is shown once, when the link is made.
 */
export const propertySheetLinkSchema = z.object({
  id: uuidSchema,
  propertyId: uuidSchema,
  createdBy: uuidSchema.nullable(),
  /** The member who made it, for 'Criada por Ana'; null once that user is gone. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type PropertySheetLink = z.infer<typeof propertySheetLinkSchema>;

/** POST /api/properties/{id}/sheet-links: the new link and its public URL, answered this once. */
export const propertySheetLinkCreatedSchema = propertySheetLinkSchema.extend({ url: z.string() });
export type PropertySheetLinkCreated = z.infer<typeof propertySheetLinkCreatedSchema>;
