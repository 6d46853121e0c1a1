import type { OrganizationRole } from '@casa/shared-schema';
import { ROLE_LABELS_SETTINGS, TRIAL_DAYS } from '@casa/shared-schema/values';

/** Texts of the subscribe dialog (docs/product.md#sign-up: the success alert); the exact wording is ours. */
export const signupTexts = {
  dialogTitle: 'Começar Teste Grátis',
  trialNote: `${TRIAL_DAYS} dias grátis em todos os planos, sem cartão de crédito.`,
  submit: 'Começar Teste Grátis',
  retry: 'Tentar novamente',
  running: 'A processar registo...',
  successTitle: 'Conta criada com sucesso!',
  success: `A sua conta foi criada com um teste gratuito de ${TRIAL_DAYS} dias. Estado: teste ativo. Já pode iniciar sessão.`,
  goToLogin: 'Iniciar Sessão',
  offline: 'O registo precisa de ligação à Internet. Verifique a ligação e tente novamente.',
  // Sign-up taken by the organization whose registration settings claim the email's domain.
  joinedTitle: (organization: string) => `Entrou na organização ${organization}`,
  joined: (organization: string, role: OrganizationRole) =>
    `O domínio do seu email pertence a ${organization}: a sua conta foi criada nessa organização, com a função ${ROLE_LABELS_SETTINGS[role]}, em vez de uma organização nova. Já pode iniciar sessão.`,
  pendingTitle: (organization: string) => `Pedido enviado a ${organization}`,
  pending: (organization: string, role: OrganizationRole) =>
    `O domínio do seu email pertence a ${organization}: a sua conta foi criada nessa organização, com a função ${ROLE_LABELS_SETTINGS[role]}, e aguarda a aprovação de um administrador. Poderá iniciar sessão assim que for aprovada.`,
  close: 'Fechar',
} as const;

/** Title and text of the dialog's final alert (and of the toast on /login). */
export function signupResultText(joined?: {
  name: string;
  role: OrganizationRole;
  pendingApproval: boolean;
}): { title: string; text: string } {
  if (!joined) return { title: signupTexts.successTitle, text: signupTexts.success };
  return joined.pendingApproval
    ? { title: signupTexts.pendingTitle(joined.name), text: signupTexts.pending(joined.name, joined.role) }
    : { title: signupTexts.joinedTitle(joined.name), text: signupTexts.joined(joined.name, joined.role) };
}
