import type { PropertySheetLink, PropertySheetLinkCreated } from '@casa/shared-schema';
import { api } from '../../lib/api';

/** Share links of the public property sheet: online only (the server makes the token and keeps its hash). */
export const sheetLinksApi = {
  list: (propertyId: string) =>
    api.get<PropertySheetLink[]>(`/api/properties/${encodeURIComponent(propertyId)}/sheet-links`),
  create: (propertyId: string) =>
    api.post<PropertySheetLinkCreated>(`/api/properties/${encodeURIComponent(propertyId)}/sheet-links`),
  revoke: (linkId: string) => api.del<{ ok: true }>(`/api/sheet-links/${encodeURIComponent(linkId)}`),
};
