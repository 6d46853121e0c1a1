import { describe, expect, it } from 'vitest';
import { bytesOf, parseEnv, REPO_ROOT } from './env';

const SECRET = 's'.repeat(40);

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const env = parseEnv({ SESSION_SECRET: SECRET });
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DB_CLIENT: 'sqlite',
      SESSION_MAX_AGE_DAYS: 30,
      TRUST_PROXY: false,
      BODY_LIMIT: '1mb',
      LOG_LEVEL: 'info',
    });
    expect(env.WEB_DIST).toBe(`${REPO_ROOT}/web/dist`);
  });

  it('fails fast listing every problem', () => {
    expect(() => parseEnv({ PORT: 'abc', DB_CLIENT: 'mysql', SESSION_SECRET: SECRET })).toThrow(
      /PORT[\s\S]*DB_CLIENT/,
    );
  });

  it('requires SESSION_SECRET in production and DATABASE_URL for pg', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ DB_CLIENT: 'pg', SESSION_SECRET: SECRET })).toThrow(/DATABASE_URL/);
  });

  it('uses the development fallback secret only when none is set', () => {
    expect(parseEnv({}, () => 'fallback-secret').SESSION_SECRET).toBe('fallback-secret');
    expect(parseEnv({ SESSION_SECRET: SECRET }, () => 'fallback-secret').SESSION_SECRET).toBe(SECRET);
  });

  it('reads PUBLIC_URL as an http(s) origin, without its trailing slash; unset by default', () => {
    expect(parseEnv({ SESSION_SECRET: SECRET }).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    for (const [given, origin] of [
      ['https://crm.example.pt', 'https://crm.example.pt'],
      ['https://crm.example.pt/', 'https://crm.example.pt'],
      ['HTTP://LOCALHOST:3000', 'http://localhost:3000'],
    ]) {
      expect(parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: given }).PUBLIC_URL).toBe(origin);
    }
    for (const bad of [
      'crm.example.pt',
      'ftp://crm.example.pt',
      'https://crm.example.pt/crm',
      'https://crm.example.pt/?a=1',
      'https://crm.example.pt/#x',
      'https://user:pass@crm.example.pt',
    ]) {
      expect(() => parseEnv({ SESSION_SECRET: SECRET, PUBLIC_URL: bad }), bad).toThrow(
        /PUBLIC_URL: must be an http\(s\) origin/,
      );
    }
  });

  it('reads booleans and treats empty strings as unset', () => {
    expect(parseEnv({ SESSION_SECRET: SECRET, TRUST_PROXY: 'true', PORT: '' })).toMatchObject({
      TRUST_PROXY: true,
      PORT: 3000,
    });
  });
});

describe('bytesOf', () => {
  it('converts sizes', () => {
    expect(bytesOf('1mb')).toBe(1024 * 1024);
    expect(bytesOf('10kb')).toBe(10 * 1024);
    expect(() => bytesOf('lots')).toThrow();
  });
});
