import { describe, expect, it } from 'vitest';
import { ROLES } from '@casa/shared-schema';
import { activeItem, bottomBarItems, canOpen, isActiveEntry, isActiveItem, sidebarItems } from './navigation';

const pairs = (items: { to: string; label: string }[]) => items.map((i) => `${i.to} ${i.label}`);

describe('sidebar by role (docs/product.md#shell)', () => {
  it('super_admin sees the SaaS panel and settings only', () => {
    expect(pairs(sidebarItems('super_admin'))).toEqual(['/ Administração SaaS', '/settings Configurações']);
  });

  it.each(['agent', 'viewer'] as const)('%s sees the seven business entries, no Administração', (role) => {
    expect(pairs(sidebarItems(role))).toEqual([
      '/ Dashboard',
      '/clients Clientes',
      '/imoveis Imóveis',
      '/followups Follow-ups',
      '/coldcalls Cold Calls',
      '/search Pesquisa',
      '/reports Relatórios',
    ]);
  });

  it('admin also gets /admin labelled Administração, last', () => {
    const items = sidebarItems('admin');
    expect(items).toHaveLength(8);
    expect(pairs(items).at(-1)).toBe('/admin Administração');
  });
});

describe('bottom bar by role', () => {
  it.each(['admin', 'agent', 'viewer'] as const)(
    '%s gets the five member entries of docs/product.md#shell plus Imóveis',
    (role) => {
      expect(pairs(bottomBarItems(role))).toEqual([
        '/ Dashboard',
        '/clients Clientes',
        '/imoveis Imóveis',
        '/followups Follow-ups',
        '/coldcalls Calls',
        '/search Pesquisa',
      ]);
    },
  );

  it('super_admin gets Admin and Config', () => {
    expect(pairs(bottomBarItems('super_admin'))).toEqual(['/ Admin', '/settings Config']);
  });
});

describe('active item rule', () => {
  it('root is active only on the root itself', () => {
    expect(isActiveItem('/', '/')).toBe(true);
    expect(isActiveItem('/', '/clients')).toBe(false);
  });

  it('a non-root item is active on its path and below it', () => {
    expect(isActiveItem('/clients', '/clients')).toBe(true);
    expect(isActiveItem('/clients', '/clients/123')).toBe(true);
    expect(isActiveItem('/settings', '/clients')).toBe(false);
  });

  it('the prefix rule is literal, as docs/product.md#shell states it', () => {
    expect(isActiveItem('/followups', '/followup/42')).toBe(false);
    expect(isActiveItem('/admin', '/admin')).toBe(true);
  });

  it('an entry is also active on the other addresses of its screen', () => {
    const [saas] = sidebarItems('super_admin');
    expect(['/admin', '/saas-admin', '/'].map((p) => isActiveEntry(saas!, p))).toEqual([true, true, true]);
    expect(isActiveEntry(saas!, '/settings')).toBe(false);
    const [home, , , followUps] = sidebarItems('agent');
    expect(isActiveEntry(home!, '/dashboard')).toBe(true);
    expect(isActiveEntry(home!, '/clients')).toBe(false);
    expect(isActiveEntry(followUps!, '/followup/42')).toBe(true);
    expect(activeItem(bottomBarItems('super_admin'), '/saas-admin')?.label).toBe('Admin');
    expect(activeItem(bottomBarItems('agent'), '/dashboard')?.label).toBe('Dashboard');
  });

  it('Imóveis stays active on a property page (/imoveis/{id}), in the sidebar and the bottom bar', () => {
    expect(activeItem(bottomBarItems('agent'), '/imoveis')?.label).toBe('Imóveis');
    expect(activeItem(bottomBarItems('agent'), '/imoveis/0190a0b2-0000-7000-8000-000000000001')?.label).toBe(
      'Imóveis',
    );
    expect(activeItem(sidebarItems('viewer'), '/imoveis/x')?.label).toBe('Imóveis');
    expect(activeItem(bottomBarItems('agent'), '/clients')?.label).toBe('Clientes');
  });

  it('activeItem picks the matching entry or none', () => {
    expect(activeItem(bottomBarItems('agent'), '/followups')?.label).toBe('Follow-ups');
    expect(activeItem(bottomBarItems('agent'), '/reports')).toBeUndefined();
    expect(activeItem(bottomBarItems('super_admin'), '/')?.label).toBe('Admin');
  });
});

describe('route audiences', () => {
  it('member routes are for every role except super_admin', () => {
    expect(ROLES.filter((r) => canOpen('member', r))).toEqual(['admin', 'agent', 'viewer']);
  });

  it('super routes only for super_admin; signed-in routes for all', () => {
    expect(ROLES.filter((r) => canOpen('super', r))).toEqual(['super_admin']);
    expect(ROLES.filter((r) => canOpen('signed-in', r))).toEqual([...ROLES]);
  });

  it('nobody signed in opens nothing', () => {
    expect(canOpen('signed-in', null)).toBe(false);
    expect(canOpen('member', undefined)).toBe(false);
  });
});
