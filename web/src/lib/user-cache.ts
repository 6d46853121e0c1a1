import type { CurrentUser } from '@casa/shared-schema';

/** The last known user, kept on the device so the installed app opens offline (cleared on logout). */
export type UserCache = {
  read: () => CurrentUser | null;
  write: (user: CurrentUser | null) => void;
};

export const CACHED_USER_KEY = 'casa-session-user';

export const localUserCache: UserCache = {
  read() {
    try {
      const raw = localStorage.getItem(CACHED_USER_KEY);
      return raw ? (JSON.parse(raw) as CurrentUser) : null;
    } catch {
      return null;
    }
  },
  write(user) {
    try {
      if (user) localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
      else localStorage.removeItem(CACHED_USER_KEY);
    } catch {
      // Storage full or blocked: the app still works online.
    }
  },
};

export const noUserCache: UserCache = { read: () => null, write: () => {} };
