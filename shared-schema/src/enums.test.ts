import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAG_COLOR,
  DIRECTION_LABELS,
  NOTIFICATION_TYPE_LABELS,
  ROLE_LABELS,
  ROLE_LABELS_SETTINGS,
  TAG_PALETTE,
  directionSchema,
  followUpTypeSchema,
  interactionResultSchema,
  interactionTypeSchema,
  lastContactDaysOf,
  normalizeDirection,
  normalizeOrganizationPlan,
  organizationPlanSchema,
  roleLabel,
} from './enums';

describe('directions', () => {
  it('accepts the marathon aliases', () => {
    expect(normalizeDirection('saída')).toBe('outgoing');
    expect(normalizeDirection('Entrada')).toBe('incoming');
    expect(directionSchema.parse('saída')).toBe('outgoing');
    expect(directionSchema.safeParse('sideways').success).toBe(false);
    expect(DIRECTION_LABELS.outgoing).toBe('Saída');
  });
});

describe('organization plans', () => {
  it('maps the legacy aliases', () => {
    expect(normalizeOrganizationPlan('basic')).toBe('starter');
    expect(normalizeOrganizationPlan('pro')).toBe('professional');
    expect(organizationPlanSchema.parse('premium')).toBe('enterprise');
    expect(organizationPlanSchema.safeParse('gold').success).toBe(false);
  });
});

describe('labels', () => {
  it('names roles both ways', () => {
    expect(ROLE_LABELS.agent).toBe('Agente');
    expect(ROLE_LABELS.super_admin).toBe('Super Admin');
    expect(ROLE_LABELS_SETTINGS.admin).toBe('Administrador');
    expect(roleLabel('something')).toBe('Visualizador');
  });

  it('names notification types', () => {
    expect(NOTIFICATION_TYPE_LABELS.overdue_task).toBe('Tarefa Atrasada');
    expect(NOTIFICATION_TYPE_LABELS.property_match).toBe('Imóvel Compatível');
    expect(Object.keys(NOTIFICATION_TYPE_LABELS)).toHaveLength(7);
  });
});

describe('tag palette', () => {
  it('has ten distinct colours, blue first', () => {
    expect(TAG_PALETTE).toHaveLength(10);
    expect(TAG_PALETTE[0]?.color).toBe(DEFAULT_TAG_COLOR);
    expect(new Set(TAG_PALETTE.map((c) => c.color)).size).toBe(10);
    for (const c of TAG_PALETTE) expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('lists that other screens feed in', () => {
  it('accepts the next-follow-up type Proposta and the marathon values', () => {
    expect(followUpTypeSchema.parse('Proposta')).toBe('Proposta');
    expect(followUpTypeSchema.parse('Enviar Proposta')).toBe('Enviar Proposta');
    expect(interactionTypeSchema.parse('Chamada')).toBe('Chamada');
    expect(interactionResultSchema.parse('Agendar Follow-up')).toBe('Agendar Follow-up');
    expect(interactionResultSchema.safeParse('Talvez').success).toBe(false);
  });

  it('turns last-contact options into days', () => {
    expect(lastContactDaysOf('any')).toBeNull();
    expect(lastContactDaysOf('180')).toBe(180);
  });
});
