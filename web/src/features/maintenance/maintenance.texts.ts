/** Texts of the maintenance page (docs/product.md#saas-admin Manutenção: "users see a maintenance page"). */
export const maintenanceTexts = {
  title: 'Em manutenção',
  retry: 'Tentar novamente',
  checking: 'A verificar...',
  signOut: 'Terminar sessão',
  localDataSafe:
    'As alterações feitas neste dispositivo estão guardadas e serão sincronizadas quando o sistema voltar.',
  until: (when: string) => `Previsão de regresso: ${when}`,
  loginBanner: 'Manutenção em curso: apenas os administradores SaaS podem entrar.',
} as const;
