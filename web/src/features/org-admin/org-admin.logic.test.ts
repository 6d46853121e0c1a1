import { describe, expect, it } from 'vitest';
import { storageMb } from '@casa/shared-schema';
import { ApiError } from '../../lib/api';
import {
  atUserLimit,
  clientLimit,
  errorToast,
  isOfflineError,
  lastLoginText,
  limitText,
  ofLimitText,
  planLabel,
  userDisplayName,
  userLimit,
  userRoleLabel,
  usersOfLimitText,
  userStatusText,
} from './org-admin.logic';

const NOW = new Date('2026-11-23T10:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

describe('limits and figures', () => {
  it('uses the organization limit, the table fallback when missing, and null (unlimited) for 0', () => {
    expect(userLimit(5)).toBe(5);
    expect(userLimit(undefined)).toBe(10);
    expect(userLimit(null)).toBe(10);
    expect(clientLimit(undefined)).toBe(1000);
    expect(clientLimit(500)).toBe(500);
    expect(userLimit(0)).toBeNull();
    expect(limitText(null)).toBe('Ilimitado');
    expect(limitText(1000)).toBe('1000');
    expect(ofLimitText(5)).toBe('de 5');
    expect(ofLimitText(null)).toBeNull();
  });

  it("writes 'N de M utilizadores' and says when the package is full", () => {
    expect(usersOfLimitText(3, 5)).toBe('3 de 5 utilizadores');
    expect(usersOfLimitText(1, null)).toBe('1 utilizador');
    expect(atUserLimit(4, 5)).toBe(false);
    expect(atUserLimit(5, 5)).toBe(true);
    expect(atUserLimit(6, 5)).toBe(true);
    expect(atUserLimit(999, null)).toBe(false);
  });

  it('shows storage in MB with one decimal', () => {
    expect(storageMb(0)).toBe('0,0');
    expect(storageMb(1_572_864)).toBe('1,5');
    expect(storageMb(10 * 1024 * 1024 + 52_428)).toBe('10,0');
  });
});

describe('last login wording', () => {
  it('says Hoje, Ontem, days under 7, weeks under 30, then months, and Nunca when never', () => {
    expect(lastLoginText(null, NOW)).toBe('Nunca');
    expect(lastLoginText(NOW.toISOString(), NOW)).toBe('Hoje');
    expect(lastLoginText(daysAgo(1), NOW)).toBe('Ontem');
    expect(lastLoginText(daysAgo(6), NOW)).toBe('Há 6 dias');
    expect(lastLoginText(daysAgo(7), NOW)).toBe('Há 1 semana');
    expect(lastLoginText(daysAgo(29), NOW)).toBe('Há 4 semanas');
    expect(lastLoginText(daysAgo(30), NOW)).toBe('Há 1 mês');
    expect(lastLoginText(daysAgo(95), NOW)).toBe('Há 3 meses');
  });
});

describe('labels', () => {
  it('names users by first and last name, else email', () => {
    expect(userDisplayName({ firstName: 'Ana', lastName: 'Silva', email: 'a@x.pt' })).toBe('Ana Silva');
    expect(userDisplayName({ firstName: ' ', lastName: null, email: 'a@x.pt' })).toBe('a@x.pt');
  });

  it('uses the Administrador / Agente / Visualizador labels', () => {
    expect(userRoleLabel('admin')).toBe('Administrador');
    expect(userRoleLabel('agent')).toBe('Agente');
    expect(userRoleLabel('viewer')).toBe('Visualizador');
  });

  it("says 'Aguarda aprovação' for an inactive user who never logged in", () => {
    expect(userStatusText({ status: 'inactive', lastLoginAt: null })).toBe('Aguarda aprovação');
    expect(userStatusText({ status: 'inactive', lastLoginAt: daysAgo(3) })).toBe('Inativo');
    expect(userStatusText({ status: 'suspended', lastLoginAt: null })).toBe('Suspenso');
    expect(userStatusText({ status: 'active', lastLoginAt: null })).toBe('Ativo');
  });

  it("prefers the package's display name to the plan", () => {
    expect(planLabel('professional', null)).toBe('Profissional');
    expect(planLabel('starter', 'Plano Iniciante')).toBe('Plano Iniciante');
  });
});

describe('errors', () => {
  it('puts the server message under the fixed title', () => {
    const error = new ApiError(409, 'Limite de utilizadores do plano atingido.', {});
    expect(errorToast('Erro ao criar utilizador', error, true)).toEqual({
      title: 'Erro ao criar utilizador',
      description: 'Limite de utilizadores do plano atingido.',
      variant: 'destructive',
    });
  });

  it('tells a network failure apart from a server answer', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'), true)).toBe(true);
    expect(isOfflineError(new ApiError(500, 'x', {}), true)).toBe(false);
    expect(isOfflineError(new ApiError(500, 'x', {}), false)).toBe(true);
    expect(
      errorToast('Erro ao remover utilizador', new TypeError('Failed to fetch'), true).description,
    ).toMatch(/ligação/);
    expect(errorToast('Erro ao remover utilizador', new Error('boom'), true).description).toBe(
      'Erro desconhecido',
    );
  });
});
