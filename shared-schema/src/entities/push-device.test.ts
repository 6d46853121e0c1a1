import { describe, expect, it } from 'vitest';
import { pushDeviceCreateSchema, pushDeviceUpdateSchema, pushEndpointOf } from './push-device';

describe('pushDeviceCreateSchema', () => {
  it('takes {token, deviceInfo}', () => {
    const d = pushDeviceCreateSchema.parse({
      token: 'abc',
      deviceInfo: { userAgent: 'UA', platform: 'Linux', language: 'pt-PT' },
    });
    expect(d).toEqual({
      token: 'abc',
      deviceInfo: { userAgent: 'UA', platform: 'Linux', language: 'pt-PT' },
    });
    expect(pushDeviceCreateSchema.parse({ token: 'abc' }).deviceInfo).toEqual({
      userAgent: '',
      platform: '',
      language: '',
    });
  });

  it('needs a token', () => {
    expect(pushDeviceCreateSchema.safeParse({ token: ' ' }).error?.issues[0]?.message).toBe(
      'Token do dispositivo é obrigatório',
    );
  });

  it('update adds no defaults', () => {
    expect(pushDeviceUpdateSchema.parse({ token: 'x' })).toEqual({ token: 'x' });
  });
});

describe('pushEndpointOf', () => {
  it('reads the endpoint of a subscription JSON, else uses the token', () => {
    expect(pushEndpointOf(JSON.stringify({ endpoint: 'https://push.example/1', keys: {} }))).toBe(
      'https://push.example/1',
    );
    expect(pushEndpointOf('plain-token')).toBe('plain-token');
    expect(pushEndpointOf('{"x":1}')).toBe('{"x":1}');
  });
});
