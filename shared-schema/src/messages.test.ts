import { describe, expect, it } from 'vitest';
import { errorMessages, validationMessages } from './messages';

describe('validationMessages', () => {
  it('holds the product wording exactly', () => {
    expect(validationMessages.fillAllFields).toBe('Por favor, preencha todos os campos');
    expect(validationMessages.registerPasswordsMismatch).toBe('As palavras-passe não coincidem');
    expect(validationMessages.passwordsMismatch).toBe('As senhas não coincidem');
    expect(validationMessages.settingsPasswordsMismatch).toBe('As senhas não coincidem.');
    expect(validationMessages.userProfileCurrentPasswordRequired).toBe(
      'Password atual é obrigatória para alterar password',
    );
    expect(validationMessages.nextFollowUpDateRequired).toBe(
      'Data e hora são obrigatórias para o novo follow-up',
    );
    expect(validationMessages.numberOfAgentsRequired).toBe('Selecione o número de agentes');
  });

  it('has no empty message', () => {
    for (const value of Object.values(validationMessages)) expect(value.trim()).not.toBe('');
  });
});

describe('errorMessages', () => {
  it('holds the generic and screen messages', () => {
    expect(errorMessages.accountSuspended).toBe(
      'A sua conta foi suspensa. Por favor, contacte o administrador.',
    );
    expect(errorMessages.nonJsonConflict).toBe('Conflito: dados já existem no sistema.');
    expect(errorMessages.nonJsonDefault(502)).toBe('Erro 502');
    expect(errorMessages.noNotificationsOfType('Aniversário')).toBe('Sem notificações de Aniversário');
    expect(errorMessages.photoTooLarge).toBe('A imagem excede o tamanho máximo de 5MB.');
  });

  it('words the login throttle in minutes, singular and plural', () => {
    expect(errorMessages.tooManyLoginAttempts(1)).toContain('1 minuto.');
    expect(errorMessages.tooManyLoginAttempts(15)).toContain('15 minutos.');
  });

  it('has no empty message', () => {
    for (const value of Object.values(errorMessages)) {
      const text = typeof value === 'function' ? value(2 as never) : value;
      expect(text.trim()).not.toBe('');
    }
  });
});
