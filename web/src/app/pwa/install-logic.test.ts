import { describe, expect, it } from 'vitest';
import { detectPlatform, installSignalled, showsInstallHelp, type InstallConditions } from './install-logic';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('platform detection', () => {
  it('tells iOS (including iPadOS with a desktop UA), Android and the rest apart', () => {
    expect(detectPlatform(IPHONE)).toBe('ios');
    expect(detectPlatform(IPAD_DESKTOP_UA, 5)).toBe('ios');
    expect(detectPlatform(IPAD_DESKTOP_UA, 0)).toBe('other');
    expect(detectPlatform(ANDROID)).toBe('android');
    expect(detectPlatform(DESKTOP)).toBe('other');
  });
});

describe('install help steps', () => {
  it('only on iOS or Android, and never inside the installed app', () => {
    expect(showsInstallHelp('ios', false)).toBe(true);
    expect(showsInstallHelp('android', false)).toBe(true);
    expect(showsInstallHelp('other', false)).toBe(false);
    expect(showsInstallHelp('ios', true)).toBe(false);
    expect(showsInstallHelp('android', true)).toBe(false);
  });
});

describe('install banner signal', () => {
  const base: InstallConditions = {
    dismissed: false,
    standalone: false,
    installed: false,
    promptAvailable: false,
    platform: 'other',
  };

  it('appears once the browser offers installation', () => {
    expect(installSignalled(base)).toBe(false);
    expect(installSignalled({ ...base, promptAvailable: true })).toBe(true);
  });

  it('iOS counts as installable without the event', () => {
    expect(installSignalled({ ...base, platform: 'ios' })).toBe(true);
  });

  it('never after a dismissal, when installed, or inside the installed app', () => {
    const offered = { ...base, promptAvailable: true, platform: 'ios' as const };
    expect(installSignalled({ ...offered, dismissed: true })).toBe(false);
    expect(installSignalled({ ...offered, installed: true })).toBe(false);
    expect(installSignalled({ ...offered, standalone: true })).toBe(false);
  });
});
