// The business enumerations as plain data (`as const` lists, label maps, helpers): no zod, so the web app's
// start can import them without evaluating a schema (issue 19; docs/decisions.md). business.ts builds the
// zod enums from these lists.

/** The list without repeats, keeping the literal tuple type (the lists merged below share values). */
function uniq<const T extends readonly string[]>(values: T): T {
  return [...new Set(values)] as unknown as T;
}

// Clients (docs/product.md#clients)
export const CLIENT_TYPES = ['Comprador', 'Vendedor', 'Investidor'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const TYPOLOGIES = ['T0', 'T1', 'T2', 'T3', 'T4', 'T5+', 'Moradia', 'Terreno'] as const;
export type Typology = (typeof TYPOLOGIES)[number];

export const URGENCIES = ['Baixa', 'Média', 'Alta', 'Urgente'] as const;
export type Urgency = (typeof URGENCIES)[number];

// One list for a seller's property type (client custom field) and a property's type (entities/property.ts).
export const PROPERTY_TYPES = [
  'Apartamento',
  'Moradia',
  'Terreno',
  'Comercial',
  'Escritório',
  'Loja',
  'Armazém',
  'Quinta',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const SALE_REASONS = [
  'Mudança',
  'Investimento',
  'Divórcio',
  'Herança',
  'Financeiro',
  'Outros',
] as const;
export type SaleReason = (typeof SALE_REASONS)[number];

export const INVESTMENT_TYPES = ['Arrendamento', 'Revenda', 'Reabilitação', 'Terrenos', 'Comercial'] as const;
export type InvestmentType = (typeof INVESTMENT_TYPES)[number];

// Follow-ups (docs/product.md#follow-ups). The completion dialog offers 'Proposta', which the main list lacks,
// so a stored follow-up type is any value of either list.
export const FOLLOW_UP_TYPES = [
  'Telefonar',
  'Reunião',
  'Enviar Proposta',
  'Email',
  'Visita',
  'Contrato',
  'Outros',
] as const;
export const NEXT_FOLLOW_UP_TYPES = ['Telefonar', 'Reunião', 'Email', 'Proposta', 'Visita'] as const;
export const DEFAULT_NEXT_FOLLOW_UP_TYPE = 'Telefonar' satisfies (typeof NEXT_FOLLOW_UP_TYPES)[number];
export const ANY_FOLLOW_UP_TYPES = uniq([...FOLLOW_UP_TYPES, ...NEXT_FOLLOW_UP_TYPES] as const);
export type FollowUpType = (typeof FOLLOW_UP_TYPES)[number] | (typeof NEXT_FOLLOW_UP_TYPES)[number];
export type NextFollowUpType = (typeof NEXT_FOLLOW_UP_TYPES)[number];
/** The follow-up type of a property visit (issue 20): a visit is a follow-up with a property. */
export const VISIT_TYPE = 'Visita' satisfies FollowUpType;
/** The buyer's opinion of the asking price after a visit; the values are the pt-PT labels. */
export const VISIT_PRICE_OPINIONS = ['Abaixo do valor', 'Adequado', 'Acima do valor'] as const;
export type VisitPriceOpinion = (typeof VISIT_PRICE_OPINIONS)[number];

// Interactions. The dashboard marathon logs type 'Chamada' (docs/product.md#cold-calls), so it is accepted too.
export const INTERACTION_TYPES = [
  'Cold Call',
  'Follow-up',
  'Email',
  'Reunião',
  'WhatsApp',
  'Visita',
  'Proposta',
  'Contrato',
  'Outros',
  'Chamada',
] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];

export const INTERACTION_RESULTS = [
  'Atendeu',
  'Não Atendeu',
  'Interessado',
  'Muito Interessado',
  'Não Interessado',
  'Recusou',
  'Reagendou',
  'Negócio Fechado',
  'Perdeu Interesse',
  'Sem Resposta',
] as const;
export const CALL_RESULTS = [
  'Atendeu',
  'Não Atendeu',
  'Interessado',
  'Recusou',
  'Agendar Follow-up',
] as const;
export type CallResult = (typeof CALL_RESULTS)[number];
/** Call results that imply a follow-up (docs/product.md#cold-calls: followUpNeeded for Interessado or Agendar Follow-up). */
export const FOLLOW_UP_CALL_RESULTS: readonly CallResult[] = ['Interessado', 'Agendar Follow-up'];
// The marathon stores a call result as the interaction result, so either list is accepted.
export const ANY_INTERACTION_RESULTS = uniq([...INTERACTION_RESULTS, ...CALL_RESULTS] as const);
export type InteractionResult = (typeof INTERACTION_RESULTS)[number] | CallResult;

export const DIRECTIONS = ['outgoing', 'incoming'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<Direction, string> = { outgoing: 'Saída', incoming: 'Entrada' };
const DIRECTION_ALIASES: Record<string, Direction> = {
  outgoing: 'outgoing',
  incoming: 'incoming',
  saída: 'outgoing',
  saida: 'outgoing',
  entrada: 'incoming',
};
/** Maps 'saída'/'entrada' (any case) to the stored value; unknown input is returned unchanged. */
export function normalizeDirection(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return DIRECTION_ALIASES[value.trim().toLowerCase()] ?? value;
}

// Tags: a palette of ten colours whose default is the blue (docs/product.md#clients); the rest are Tailwind 500 shades.
export const TAG_PALETTE = [
  { name: 'blue', label: 'Azul', color: '#3b82f6' },
  { name: 'green', label: 'Verde', color: '#22c55e' },
  { name: 'amber', label: 'Âmbar', color: '#f59e0b' },
  { name: 'red', label: 'Vermelho', color: '#ef4444' },
  { name: 'violet', label: 'Violeta', color: '#8b5cf6' },
  { name: 'cyan', label: 'Ciano', color: '#06b6d4' },
  { name: 'orange', label: 'Laranja', color: '#f97316' },
  { name: 'lime', label: 'Lima', color: '#84cc16' },
  { name: 'pink', label: 'Rosa', color: '#ec4899' },
  { name: 'gray', label: 'Cinzento', color: '#6b7280' },
] as const;
export const TAG_COLORS = TAG_PALETTE.map((c) => c.color);
export const DEFAULT_TAG_COLOR = '#3b82f6';

// Registration settings and sign-up (docs/product.md#saas-admin)
export const CUSTOM_FIELD_TYPES = ['text', 'email', 'phone', 'select', 'multiselect', 'textarea'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Texto',
  email: 'Email',
  phone: 'Telefone',
  select: 'Seleção',
  multiselect: 'Seleção múltipla',
  textarea: 'Texto longo',
};

export const AGENT_COUNT_OPTIONS = ['1-5', '6-10', '11-15', '16-25', '26-50', '50+'] as const;
export type AgentCountOption = (typeof AGENT_COUNT_OPTIONS)[number];
export const AGENT_COUNT_LABELS: Record<AgentCountOption, string> = {
  '1-5': '1-5 agentes',
  '6-10': '6-10 agentes',
  '11-15': '11-15 agentes',
  '16-25': '16-25 agentes',
  '26-50': '26-50 agentes',
  '50+': 'Mais de 50 agentes',
};

// Settings (docs/product.md#accounts)
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_LABELS: Record<Theme, string> = { light: 'Claro', dark: 'Escuro', system: 'Sistema' };

export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { pt: 'Português', en: 'English', es: 'Español' };

// Cold calls (docs/product.md#cold-calls)
export const LAST_CONTACT_OPTIONS = ['any', '30', '60', '90', '180', '365'] as const;
export type LastContactOption = (typeof LAST_CONTACT_OPTIONS)[number];
export const LAST_CONTACT_LABELS: Record<LastContactOption, string> = {
  any: 'Qualquer',
  '30': 'Mais de 30 dias',
  '60': 'Mais de 60 dias',
  '90': 'Mais de 90 dias',
  '180': 'Mais de 180 dias',
  '365': 'Mais de 365 dias',
};
/** 'any' → null, otherwise the number of days. */
export function lastContactDaysOf(option: LastContactOption): number | null {
  return option === 'any' ? null : Number(option);
}
