import type { Random } from './random';

export const FEMALE_FIRST_NAMES = [
  'Ana',
  'Maria',
  'Beatriz',
  'Carolina',
  'Inês',
  'Mariana',
  'Sofia',
  'Joana',
  'Catarina',
  'Rita',
  'Marta',
  'Sara',
  'Leonor',
  'Matilde',
  'Francisca',
  'Teresa',
  'Helena',
  'Patrícia',
  'Cláudia',
  'Filipa',
  'Raquel',
  'Susana',
  'Isabel',
  'Luísa',
  'Margarida',
  'Vera',
  'Diana',
  'Andreia',
  'Sílvia',
  'Cristina',
] as const;

export const MALE_FIRST_NAMES = [
  'João',
  'José',
  'António',
  'Francisco',
  'Pedro',
  'Miguel',
  'Tiago',
  'Rui',
  'Nuno',
  'Ricardo',
  'Paulo',
  'Carlos',
  'Luís',
  'Manuel',
  'Diogo',
  'Gonçalo',
  'Rodrigo',
  'Afonso',
  'Duarte',
  'Tomás',
  'Bruno',
  'André',
  'Hugo',
  'Sérgio',
  'Vítor',
  'Fernando',
  'Jorge',
  'Filipe',
  'Bernardo',
  'Henrique',
] as const;

export const LAST_NAMES = [
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Oliveira',
  'Costa',
  'Rodrigues',
  'Martins',
  'Jesus',
  'Sousa',
  'Fernandes',
  'Gonçalves',
  'Gomes',
  'Lopes',
  'Marques',
  'Alves',
  'Almeida',
  'Ribeiro',
  'Pinto',
  'Carvalho',
  'Teixeira',
  'Moreira',
  'Correia',
  'Mendes',
  'Nunes',
  'Soares',
  'Vieira',
  'Monteiro',
  'Cardoso',
  'Rocha',
  'Raposo',
  'Neves',
  'Coelho',
  'Cruz',
  'Cunha',
  'Pires',
  'Ramos',
  'Reis',
  'Simões',
  'Antunes',
  'Matos',
  'Fonseca',
  'Machado',
  'Araújo',
  'Barbosa',
  'Tavares',
  'Lourenço',
  'Castro',
  'Figueiredo',
  'Azevedo',
] as const;

const EMAIL_DOMAINS = [
  'gmail.com',
  'sapo.pt',
  'hotmail.com',
  'outlook.pt',
  'iol.pt',
  'live.com.pt',
  'netcabo.pt',
] as const;

export type PersonName = { firstName: string; lastName: string; fullName: string };

/** A Portuguese name: one or two given names and one or two surnames. */
export function personName(rng: Random): PersonName {
  const pool = rng.chance(0.5) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;
  const firstName = rng.pick(pool);
  const given = rng.chance(0.25) ? `${firstName} ${rng.pick(pool)}` : firstName;
  const lastName = rng.pick(LAST_NAMES);
  const surnames = rng.chance(0.55) ? `${rng.pick(LAST_NAMES)} ${lastName}` : lastName;
  return { firstName, lastName, fullName: `${given} ${surnames}` };
}

/** Lower-case ASCII: 'João Gonçalves' → 'joao goncalves'. */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Portuguese mobile number in E.164 form: +351 followed by 91, 92, 93 or 96 and seven digits. */
export function ptMobile(rng: Random): string {
  let rest = '';
  for (let i = 0; i < 7; i++) rest += String(rng.int(0, 9));
  return `+3519${rng.pick(['1', '2', '3', '6'])}${rest}`;
}

/** A plausible personal e-mail for the name; `unique` (e.g. a counter) avoids collisions in big batches. */
export function emailFor(name: PersonName, rng: Random, unique?: number | string): string {
  const first = asciiFold(name.firstName).replace(/[^a-z]/g, '');
  const last = asciiFold(name.lastName).replace(/[^a-z]/g, '');
  const separator = rng.pick(['.', '_', '']);
  const suffix = unique !== undefined ? String(unique) : rng.chance(0.4) ? String(rng.int(1, 99)) : '';
  return `${first}${separator}${last}${suffix}@${rng.pick(EMAIL_DOMAINS)}`;
}
