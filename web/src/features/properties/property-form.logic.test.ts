import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PROPERTY_FIELDS } from '@casa/shared-schema';
import { FakeSyncServer } from '../../data/testing/fake-sync-server';
import { createDevice, type Device } from '../../data/testing/device';
import { AGENT, ORG } from '../../data/testing/fixtures';
import {
  changedInput,
  emptyPropertyForm,
  eurosToCents,
  FORM_KEYS,
  formToPropertyInput,
  propertyFormErrors,
  propertyToForm,
} from './property-form.logic';
import { saveProperty } from './property-save';

const filled = () => ({
  ...emptyPropertyForm({ agentId: AGENT }),
  title: 'T2 com varanda em Alvalade',
  propertyType: 'Apartamento',
  typology: 'T2',
  usableArea: '85,5',
  priceCents: '250 000',
  concelho: 'Lisboa',
  distrito: 'Lisboa',
  postalCode: '1700-123',
  features: ['Varanda', 'Elevador'],
});

describe('property form defaults and mapping', () => {
  it('has one value per field a person fills in, from PROPERTY_FIELDS', () => {
    const keys = Object.entries(PROPERTY_FIELDS)
      .filter(([, meta]) => meta && meta.kind !== 'id' && meta.kind !== 'datetime')
      .map(([key]) => key);
    expect(FORM_KEYS).toEqual(keys);
    const empty = emptyPropertyForm({ ownerClientId: 'o1' });
    expect(Object.keys(empty).sort()).toEqual([...keys].sort());
    expect(empty).toMatchObject({
      business: 'Venda',
      status: 'Em angariação',
      features: [],
      mediationExclusive: false,
      ownerClientId: 'o1',
      agentId: null,
      priceCents: '',
    });
  });

  it('a price is typed in euros and stored in cents', () => {
    expect(eurosToCents('250000')).toBe(25_000_000);
    expect(eurosToCents('250 000 €')).toBe(25_000_000);
    expect(eurosToCents('250.000')).toBe(25_000_000);
    expect(eurosToCents('1.250,50')).toBe(125_050);
    expect(eurosToCents('750,5')).toBe(75_050);
    expect(eurosToCents('')).toBe('');
    expect(eurosToCents('12,345')).toBe('12,345');
    expect(formToPropertyInput(filled())).toMatchObject({ priceCents: 25_000_000, usableArea: '85,5' });
  });

  it('the shared schema says what is wrong, in pt-PT, under the field', () => {
    expect(propertyFormErrors(filled())).toBeNull();
    const errors = propertyFormErrors({
      ...filled(),
      title: ' ',
      propertyType: '',
      postalCode: '1700',
      priceCents: 'muito',
      concelho: 'Porto',
      usableArea: '-3',
      mediationStart: '2026-05-01',
      mediationEnd: '2026-04-01',
    });
    expect(errors).toMatchObject({
      title: 'Título é obrigatório',
      propertyType: 'Tipo de imóvel é obrigatório',
      postalCode: 'Código postal inválido (use o formato 1234-567)',
      priceCents: 'Valor inválido (use até 2 casas decimais)',
      usableArea: 'Área inválida (m², até 2 casas decimais)',
    });
  });

  it('a stored property fills the form as text and comes back the same', async () => {
    const server = new FakeSyncServer(ORG);
    server.addMember(AGENT);
    const device: Device = await createDevice(server, AGENT);
    try {
      const id = await saveProperty(device.mutate, filled());
      const stored = (await device.db.properties.get(id))!;
      expect(stored).toMatchObject({
        title: 'T2 com varanda em Alvalade',
        priceCents: 25_000_000,
        usableArea: 85.5,
        distrito: 'Lisboa',
        features: ['Varanda', 'Elevador'],
        agentId: AGENT,
      });
      const form = propertyToForm(stored);
      expect(form).toMatchObject({ priceCents: '250000', usableArea: '85,5', typology: 'T2', grossArea: '' });
      expect(changedInput(form, form)).toEqual({});
      expect(changedInput({ ...form, priceCents: '240 000', notes: 'Vista rio' }, form)).toEqual({
        priceCents: 24_000_000,
        notes: 'Vista rio',
      });

      const before = await device.db.outbox.count();
      await saveProperty(device.mutate, { ...form, priceCents: '240 000' }, stored);
      expect((await device.db.properties.get(id))!.priceCents).toBe(24_000_000);
      const last = (await device.db.outbox.toArray()).at(-1)!;
      expect(last.name).toBe('updateProperty');
      expect(last.args).toEqual({ id, priceCents: 24_000_000 });
      const edited = (await device.db.properties.get(id))!;
      await saveProperty(device.mutate, propertyToForm(edited), edited);
      expect(await device.db.outbox.count()).toBe(before + 1);
    } finally {
      await device.db.delete();
    }
  });
});
