import { TRIAL_DAYS } from '@casa/shared-schema';

/** Texts of the subscribe dialog that the spec words only loosely (spec 2 §8 success alert). */
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
} as const;
