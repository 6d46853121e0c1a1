import { z } from 'zod';
import { validationMessages as m } from '../messages';
import { boundedJson, FLAT_JSON_LIMITS, isoDateTimeSchema, safeString, uuidSchema } from '../primitives';

const deviceInfoShape = {
  userAgent: safeString().max(1000, { error: m.textTooLong }),
  platform: safeString().max(200, { error: m.textTooLong }),
  language: safeString().max(50, { error: m.textTooLong }),
};
const deviceInfoSchema = z.object({
  userAgent: deviceInfoShape.userAgent.default(''),
  platform: deviceInfoShape.platform.default(''),
  language: deviceInfoShape.language.default(''),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** Row of push_devices. token holds the push subscription JSON; endpoint is unique. */
export const pushDeviceSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  organizationId: uuidSchema.nullable(),
  endpoint: z.string(),
  token: z.string(),
  deviceInfo: deviceInfoSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** POST /api/notifications/register: {token, deviceInfo{userAgent, platform, language}}. */
export const pushDeviceCreateSchema = z.object({
  token: safeString({ error: m.pushTokenRequired })
    .trim()
    .min(1, { error: m.pushTokenRequired })
    .max(10_000, { error: m.textTooLong }),
  deviceInfo: boundedJson(deviceInfoSchema.prefault({}), FLAT_JSON_LIMITS),
});
export type PushDeviceCreate = z.infer<typeof pushDeviceCreateSchema>;
export const pushDeviceRegisterSchema = pushDeviceCreateSchema;

export const pushDeviceUpdateSchema = z
  .object({
    token: pushDeviceCreateSchema.shape.token,
    deviceInfo: boundedJson(z.object(deviceInfoShape).partial(), FLAT_JSON_LIMITS),
  })
  .partial();

/** The subscription endpoint inside a token (JSON of a PushSubscription), else the token itself. */
export function pushEndpointOf(token: string): string {
  try {
    const parsed: unknown = JSON.parse(token);
    if (typeof parsed === 'object' && parsed !== null && 'endpoint' in parsed) {
      const endpoint = (parsed as { endpoint: unknown }).endpoint;
      if (typeof endpoint === 'string' && endpoint !== '') return endpoint;
    }
  } catch {
    // Not JSON: a bare token string identifies the device by itself.
  }
  return token;
}

/** POST /api/notifications/unregister: the endpoint of this browser's subscription. */
export const pushDeviceUnregisterSchema = z.object({
  endpoint: safeString({ error: m.pushTokenRequired })
    .trim()
    .min(1, { error: m.pushTokenRequired })
    .max(10_000, { error: m.textTooLong }),
});
