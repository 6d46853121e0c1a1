/** Running as the installed app (home-screen launch); iOS Safari reports it through navigator.standalone. */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}
