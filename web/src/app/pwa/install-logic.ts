/** docs/product.md#shell: the install prompt shows 2 s after the browser signals installability. */
export const INSTALL_PROMPT_DELAY_MS = 2000;
export const INSTALL_DISMISSED_KEY = 'casa-install-dismissed';

export type Platform = 'ios' | 'android' | 'other';

export function detectPlatform(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  // iPadOS 13+ reports a desktop Safari user agent; touch points give it away.
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/** Help steps are only for iOS or Android devices that are not already running the installed app. */
export function showsInstallHelp(platform: Platform, standalone: boolean): boolean {
  return platform !== 'other' && !standalone;
}

export type InstallConditions = {
  dismissed: boolean;
  standalone: boolean;
  installed: boolean;
  /** The browser fired beforeinstallprompt (kept for 'Instalar'). */
  promptAvailable: boolean;
  platform: Platform;
};

/**
 * Whether installability has been signalled: the browser's prompt event, or an iOS device (Safari never
 * fires the event but can always add to the home screen, so its help steps are the only way).
 */
export function installSignalled(c: InstallConditions): boolean {
  if (c.dismissed || c.standalone || c.installed) return false;
  return c.promptAvailable || c.platform === 'ios';
}

export const installTexts = {
  title: (product: string) => `Instalar ${product}`,
  description:
    'Aceda mais depressa aos seus clientes a partir do ecrã principal e continue a trabalhar mesmo sem internet.',
  install: 'Instalar',
  later: 'Mais tarde',
  close: 'Fechar',
  iosTitle: 'No iPhone ou iPad:',
  iosSteps: ['Toque no botão Partilhar', "Escolha 'Adicionar ao Ecrã Principal'", "Toque em 'Adicionar'"],
  androidTitle: 'No Android:',
  androidSteps: [
    'Abra o menu de três pontos do navegador',
    "Escolha 'Instalar aplicação' ou 'Adicionar ao ecrã inicial'",
    'Confirme',
  ],
} as const;
