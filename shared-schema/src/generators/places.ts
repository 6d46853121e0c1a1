export const LISBON_ZONES = [
  'Lisboa - Avenidas Novas',
  'Lisboa - Campo de Ourique',
  'Lisboa - Alvalade',
  'Lisboa - Parque das Nações',
  'Lisboa - Estrela',
  'Lisboa - Benfica',
  'Cascais',
  'Oeiras',
  'Sintra',
  'Almada',
  'Seixal',
  'Loures',
] as const;

export const PORTO_ZONES = [
  'Porto - Boavista',
  'Porto - Foz do Douro',
  'Porto - Baixa',
  'Matosinhos',
  'Vila Nova de Gaia',
  'Maia',
  'Gondomar',
] as const;

export const ALGARVE_ZONES = [
  'Faro',
  'Albufeira',
  'Lagos',
  'Portimão',
  'Tavira',
  'Loulé',
  'Vilamoura',
] as const;

export const ZONES = [...LISBON_ZONES, ...PORTO_ZONES, ...ALGARVE_ZONES] as const;
