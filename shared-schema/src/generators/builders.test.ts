import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES } from '../enums';
import { CUSTOM_FIELDS_BY_TYPE, clientSchema } from '../entities/client';
import { coldCallSchema } from '../entities/cold-call';
import { followUpSchema } from '../entities/follow-up';
import { interactionSchema } from '../entities/interaction';
import { emailSchema } from '../primitives';
import { buildColdCall, buildFollowUp, buildInteraction, notificationText } from './activity';
import { birthdayOn, buildClient } from './clients';
import { asciiFold, emailFor, personName, ptMobile } from './people';
import { createRandom } from './random';

const ORG = '00000000-0000-4000-8000-000000000001';
const AGENT = '00000000-0000-4000-8000-000000000101';
const NOW = new Date('2026-11-22T19:07:00.000Z');

describe('people', () => {
  it('makes Portuguese names, mobiles and valid e-mails', () => {
    const rng = createRandom('people');
    for (let i = 0; i < 300; i++) {
      const name = personName(rng);
      expect(name.fullName.startsWith(name.firstName)).toBe(true);
      expect(name.fullName.endsWith(name.lastName)).toBe(true);
      expect(ptMobile(rng)).toMatch(/^\+3519[1236]\d{7}$/);
      expect(emailSchema.safeParse(emailFor(name, rng, i)).success).toBe(true);
    }
    expect(asciiFold('João Gonçalves Araújo')).toBe('joao goncalves araujo');
  });
});

describe('buildClient', () => {
  it('builds clients of every type that pass clientSchema and their custom-field rules', () => {
    const rng = createRandom('clients');
    const types = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const client = buildClient(rng, { organizationId: ORG, agentId: AGENT, now: NOW, uniqueSuffix: i });
      types.add(client.type);
      expect(clientSchema.safeParse(client).error?.issues).toBeUndefined();
      expect(CUSTOM_FIELDS_BY_TYPE[client.type].safeParse(client.customFields).error?.issues).toBeUndefined();
      expect(Date.parse(client.createdAt)).toBeLessThanOrEqual(NOW.getTime());
      expect(Date.parse(client.updatedAt)).toBeGreaterThanOrEqual(Date.parse(client.createdAt));
      for (const key of ['budget', 'propertyValue', 'investmentBudget']) {
        const value = client.customFields[key];
        if (value !== undefined) expect(Number.isInteger(value)).toBe(true);
      }
    }
    expect([...types].sort()).toEqual([...CLIENT_TYPES].sort());
  });

  it('honours the options and is deterministic', () => {
    const make = () =>
      buildClient(createRandom(3), {
        organizationId: ORG,
        agentId: null,
        now: NOW,
        type: 'Vendedor',
        birthday: '1980-11-22',
        tags: ['VIP'],
      });
    const client = make();
    expect(client).toMatchObject({
      type: 'Vendedor',
      birthday: '1980-11-22',
      tags: ['VIP'],
      agentId: null,
      createdBy: null,
    });
    expect(make()).toEqual(client);
  });

  it('puts birthdays on the given day, leap days on leap years', () => {
    const rng = createRandom(9);
    expect(birthdayOn(rng, '2026-11-22')).toMatch(/^\d{4}-11-22$/);
    for (let i = 0; i < 50; i++) {
      const year = Number(birthdayOn(rng, '2028-02-29').slice(0, 4));
      expect(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)).toBe(true);
    }
  });
});

describe('activity builders', () => {
  it('produce rows that pass the shared schemas', () => {
    const rng = createRandom('activity');
    const base = { organizationId: ORG, agentId: AGENT, clientId: '00000000-0000-4000-8000-00000000c001' };
    for (let i = 0; i < 100; i++) {
      expect(interactionSchema.safeParse(buildInteraction(rng, base, NOW)).error?.issues).toBeUndefined();
      const followUp = buildFollowUp(rng, base, {
        clientName: 'Ana Silva',
        scheduledDate: NOW,
        createdAt: NOW,
        completedAt: i % 2 ? NOW : null,
      });
      expect(followUpSchema.safeParse(followUp).error?.issues).toBeUndefined();
      expect(followUp.completed).toBe(i % 2 === 1);
      const call = buildColdCall(rng, base, { phoneNumber: '+351912345678', calledAt: NOW });
      expect(coldCallSchema.safeParse(call).error?.issues).toBeUndefined();
      expect(call.followUpNeeded).toBe(call.result === 'Interessado' || call.result === 'Agendar Follow-up');
    }
    expect(notificationText('birthday', 'Ana Silva').body).toContain('Ana Silva');
  });
});

describe('generators', () => {
  it('use no Node APIs, so the browser tests can run them', () => {
    const dir = import.meta.dirname;
    const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(3);
    for (const file of sources) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from ['"](node:|fs|path|crypto|os)['"]|require\(|process\.|Buffer/);
    }
  });
});
