import { describe, expect, it } from 'vitest';
import {
  catchEarlyInstallPrompt,
  earlyInstallPrompt,
  forgetEarlyInstallPrompt,
} from './early-install-prompt';

describe('the install offer caught at the start', () => {
  it('keeps an offer that fired before the banner listened, holds the mini-infobar back, and forgets it once used', () => {
    const page = new EventTarget() as unknown as Window;
    catchEarlyInstallPrompt(page);
    expect(earlyInstallPrompt()).toBeNull();
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    page.dispatchEvent(offer);
    expect(earlyInstallPrompt()).toBe(offer);
    expect(offer.defaultPrevented).toBe(true);
    forgetEarlyInstallPrompt();
    expect(earlyInstallPrompt()).toBeNull();
  });
});
