import {
  CLIENT_TYPES,
  INVESTMENT_TYPES,
  PROPERTY_TYPES,
  SALE_REASONS,
  TYPOLOGIES,
  URGENCIES,
  type ClientType,
} from '../enums';
import {
  CUSTOM_FIELDS_BY_TYPE,
  type Client,
  type compradorFieldsSchema,
  type investidorFieldsSchema,
  type vendedorFieldsSchema,
} from './client';
import type { EntityFields } from './fields';

/**
 * How each client field is labelled, typed and written in the CSV (docs/adding-a-field.md). The key
 * order is the CSV column order; `customFields` stands for the per-type columns below and then
 * 'Outros Campos'.
 */
export const CLIENT_FIELDS = {
  id: { label: 'ID', kind: 'id', csv: ['id'] },
  name: { label: 'Nome', kind: 'text', csv: ['name', 'nome completo', 'cliente'] },
  email: { label: 'Email', kind: 'email', csv: ['e-mail', 'mail', 'correio eletronico'], detail: true },
  phone: { label: 'Telefone', kind: 'phone', csv: ['phone', 'telemovel', 'tel', 'contacto'], detail: true },
  type: { label: 'Tipo', kind: 'clientType', csv: ['type', 'tipo de cliente'] },
  rating: { label: 'Classificação', kind: 'rating', csv: ['rating', 'avaliacao', 'estrelas'], detail: true },
  birthday: {
    label: 'Data de Nascimento',
    kind: 'date',
    csv: ['birthday', 'aniversario', 'nascimento'],
    detail: true,
  },
  notes: { label: 'Notas', kind: 'multiline', csv: ['notes', 'observacoes'], detail: true },
  tags: { label: 'Tags', kind: 'tags', csv: ['etiquetas'], detail: true },
  customFields: {
    label: 'Outros Campos',
    kind: 'customFields',
    csv: ['otherfields', 'other fields', 'customfields'],
    detail: true,
  },
  agentId: { label: 'Agente', kind: 'user', csv: ['agent', 'agente responsavel'], detail: true },
  createdAt: {
    label: 'Criado em',
    kind: 'datetime',
    csv: ['createdat', 'created at', 'data de criacao'],
    detail: true,
  },
  updatedAt: { label: 'Atualizado em', kind: 'datetime', csv: ['updatedat', 'updated at'], detail: true },
  organizationId: null,
  deletedAt: null,
  createdBy: null,
} as const satisfies EntityFields<Client>;

/** How a per-type field is typed in the client form. */
export type CustomFieldKind = 'amount' | 'percent' | 'select' | 'text';
export type CustomFieldMeta = {
  /** pt-PT label: the form's, the detail view's and the CSV column header. */
  label: string;
  kind: CustomFieldKind;
  options?: readonly string[];
  /** Other header names the CSV importer accepts (see FieldMeta.csv). */
  csv: readonly string[];
};

type CustomFieldKey =
  | keyof (typeof compradorFieldsSchema)['shape']
  | keyof (typeof vendedorFieldsSchema)['shape']
  | keyof (typeof investidorFieldsSchema)['shape'];

/** Every known customFields key of the three client types, in CSV column order. */
export const CLIENT_CUSTOM_FIELDS = {
  budget: { label: 'Orçamento', kind: 'amount', csv: ['budget'] },
  typology: { label: 'Tipologia', kind: 'select', options: TYPOLOGIES, csv: ['typology'] },
  zone: { label: 'Zona', kind: 'text', csv: ['zone'] },
  urgency: { label: 'Urgência', kind: 'select', options: URGENCIES, csv: ['urgency'] },
  propertyType: {
    label: 'Tipo de Imóvel',
    kind: 'select',
    options: PROPERTY_TYPES,
    csv: ['propertytype', 'property type'],
  },
  propertyValue: { label: 'Valor do Imóvel', kind: 'amount', csv: ['propertyvalue', 'property value'] },
  location: { label: 'Localização', kind: 'text', csv: ['location'] },
  saleReason: {
    label: 'Motivo da Venda',
    kind: 'select',
    options: SALE_REASONS,
    csv: ['salereason', 'sale reason'],
  },
  investmentType: {
    label: 'Tipo de Investimento',
    kind: 'select',
    options: INVESTMENT_TYPES,
    csv: ['investmenttype', 'investment type'],
  },
  budgetRange: { label: 'Faixa de Orçamento', kind: 'text', csv: ['budgetrange', 'budget range'] },
  preferredZones: { label: 'Zonas Preferidas', kind: 'text', csv: ['preferredzones', 'preferred zones'] },
  expectedReturn: {
    label: 'Retorno Esperado (%)',
    kind: 'percent',
    csv: ['retorno esperado', 'expectedreturn', 'expected return'],
  },
  investmentBudget: {
    label: 'Orçamento de Investimento',
    kind: 'amount',
    csv: ['investmentbudget', 'investment budget'],
  },
} as const satisfies { readonly [K in CustomFieldKey]-?: CustomFieldMeta };

export type CustomFieldDef = CustomFieldMeta & { key: string; required: boolean };

function customFieldDefs(type: ClientType): readonly CustomFieldDef[] {
  const schema = CUSTOM_FIELDS_BY_TYPE[type];
  // Required is what the type's rule refuses when the field is missing.
  const missing = schema.safeParse({}).error?.issues.map((issue) => issue.path[0]) ?? [];
  return Object.keys(schema.shape).map((key) => ({
    key,
    ...CLIENT_CUSTOM_FIELDS[key as CustomFieldKey],
    required: missing.includes(key),
  }));
}

/** The per-type fields in the order of the type's schema: the client form's and the detail view's. */
export const CUSTOM_FIELD_DEFS = Object.fromEntries(
  CLIENT_TYPES.map((type) => [type, customFieldDefs(type)]),
) as Record<ClientType, readonly CustomFieldDef[]>;

/** The pt-PT label of a customFields key: its own for known keys, else the key itself. */
export function customFieldLabel(key: string): string {
  return Object.hasOwn(CLIENT_CUSTOM_FIELDS, key) ? CLIENT_CUSTOM_FIELDS[key as CustomFieldKey].label : key;
}
