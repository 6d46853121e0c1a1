import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ErrorCode, defaultMessageOf, httpStatusOf, isErrorCode } from './errors';

describe('httpStatusOf', () => {
  it.each([
    [ErrorCode.VALIDATION, 400],
    [ErrorCode.BAD_REQUEST, 400],
    [ErrorCode.UNAUTHENTICATED, 401],
    [ErrorCode.FORBIDDEN, 403],
    [ErrorCode.SUSPENDED, 403],
    [ErrorCode.CSRF, 403],
    [ErrorCode.PROTECTED, 403],
    [ErrorCode.NOT_FOUND, 404],
    [ErrorCode.CONFLICT, 409],
    [ErrorCode.EMAIL_IN_USE, 409],
    [ErrorCode.ALREADY_COMPLETED, 409],
    [ErrorCode.LIMIT_REACHED, 409],
    [ErrorCode.PAYLOAD_TOO_LARGE, 413],
    [ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415],
    [ErrorCode.RATE_LIMITED, 429],
    [ErrorCode.INTERNAL, 500],
  ])('%s → %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('covers every code', () => {
    expect(ERROR_CODES).toHaveLength(17);
    expect(ErrorCode.VALIDATION).toBe('validation');
  });
});

describe('defaultMessageOf', () => {
  it('gives a pt-PT message for every code', () => {
    for (const code of ERROR_CODES) expect(defaultMessageOf(code).length).toBeGreaterThan(3);
  });

  it('uses the fixed wording for the generic answers', () => {
    expect(defaultMessageOf('forbidden')).toBe('Não tem permissões para executar esta operação.');
    expect(defaultMessageOf('not_found')).toBe('Recurso não encontrado.');
    expect(defaultMessageOf('internal')).toBe('Erro interno do servidor. Tente novamente mais tarde.');
    expect(defaultMessageOf('email_in_use')).toBe(
      'Este email já está em uso por outro utilizador. Por favor, escolha um email diferente.',
    );
  });

  it('says "suspensa" for a suspended account, which makes the client log out', () => {
    expect(defaultMessageOf('suspended')).toContain('suspensa');
  });
});

describe('isErrorCode', () => {
  it('accepts codes and rejects anything else', () => {
    expect(isErrorCode('validation')).toBe(true);
    expect(isErrorCode('VALIDATION')).toBe(false);
    expect(isErrorCode(400)).toBe(false);
  });
});
