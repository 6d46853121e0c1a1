import { describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@casa/shared-schema/values';
import { maybeSignedIn } from './signed-in-hint';

describe('maybeSignedIn', () => {
  it('reads the hint among the cookies; anything but 1 is no hint', () => {
    expect(maybeSignedIn(`csrf_token=abc; ${SIGNED_IN_HINT_COOKIE}=1`)).toBe(true);
    expect(maybeSignedIn(`${SIGNED_IN_HINT_COOKIE}=1;csrf_token=abc`)).toBe(true);
    expect(maybeSignedIn('csrf_token=abc')).toBe(false);
    expect(maybeSignedIn('')).toBe(false);
    expect(maybeSignedIn(`${SIGNED_IN_HINT_COOKIE}=0`)).toBe(false);
    expect(maybeSignedIn(`x${SIGNED_IN_HINT_COOKIE}=1`)).toBe(false);
  });

  it('answers true where no document can tell', () => {
    expect(maybeSignedIn(undefined)).toBe(true);
  });
});
