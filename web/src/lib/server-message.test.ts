import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverMessage } from './server-message';

describe('serverMessage', () => {
  it('uses the message of an API error', () => {
    expect(
      serverMessage(new ApiError(401, 'Email ou palavra-passe incorretos.', {}), 'Erro ao fazer login'),
    ).toBe('Email ou palavra-passe incorretos.');
  });

  it('falls back when the request never got an answer', () => {
    expect(serverMessage(new TypeError('Failed to fetch'), 'Erro ao fazer login')).toBe(
      'Erro ao fazer login',
    );
  });

  it('falls back when the API error has an empty message', () => {
    expect(serverMessage(new ApiError(400, '', {}), 'Erro ao criar registo')).toBe('Erro ao criar registo');
  });
});
