export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let early: BeforeInstallPromptEvent | null = null;

/**
 * Keeps the browser's install offer from the page's start: `beforeinstallprompt` can fire before the app's
 * shell has even been evaluated (its stages load after the entry, main.tsx), and it fires once. Free of
 * React, so the entry calls it first.
 */
export function catchEarlyInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    early = event as BeforeInstallPromptEvent;
  });
}

/** The offer caught before the banner's hook listened (null when none, or once used). */
export const earlyInstallPrompt = () => early;

export function forgetEarlyInstallPrompt(): void {
  early = null;
}
