import { useCallback, useEffect, useMemo, useState } from 'react';
import { isStandalone } from './display-mode';
import {
  detectPlatform,
  INSTALL_DISMISSED_KEY,
  INSTALL_PROMPT_DELAY_MS,
  installSignalled,
  showsInstallHelp,
  type Platform,
} from './install-logic';
import {
  earlyInstallPrompt,
  forgetEarlyInstallPrompt,
  type BeforeInstallPromptEvent,
} from './early-install-prompt';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export type InstallPrompt = {
  visible: boolean;
  platform: Platform;
  showHelp: boolean;
  canPrompt: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
};

export function useInstallPrompt(): InstallPrompt {
  const platform = useMemo(() => detectPlatform(navigator.userAgent, navigator.maxTouchPoints), []);
  const standalone = useMemo(() => isStandalone(), []);
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(earlyInstallPrompt);
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [installed, setInstalled] = useState(false);
  const [delayed, setDelayed] = useState(false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setInstalled(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const signalled = installSignalled({
    dismissed,
    standalone,
    installed,
    promptAvailable: prompt !== null,
    platform,
  });

  useEffect(() => {
    if (!signalled) return;
    const timer = setTimeout(() => setDelayed(true), INSTALL_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signalled]);

  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode: the banner simply comes back next visit.
    }
    setDismissed(true);
  }, []);

  const install = useCallback(async () => {
    if (!prompt) return;
    try {
      await prompt.prompt();
      await prompt.userChoice;
    } catch (error) {
      console.error('Install failed', error);
    }
    forgetEarlyInstallPrompt();
    setPrompt(null);
    setInstalled(true);
  }, [prompt]);

  return {
    visible: signalled && delayed,
    platform,
    showHelp: showsInstallHelp(platform, standalone),
    canPrompt: prompt !== null,
    install,
    dismiss,
  };
}
