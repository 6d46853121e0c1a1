import {
  ENERGY_CLASSES,
  PROPERTY_BUSINESSES,
  PROPERTY_CONDITIONS,
  PROPERTY_FEATURES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PROPERTY_TYPOLOGIES,
} from '../enums';
import type { EntityFields } from './fields';
import type { Property } from './property';

/**
 * How each property field is labelled, typed and written in the CSV (docs/adding-a-field.md). The key
 * order is the CSV column order and the generic views' order. CSV aliases are compared without accents
 * or case.
 */
export const PROPERTY_FIELDS = {
  id: { label: 'ID', kind: 'id', csv: ['id'] },
  reference: { label: 'Referência', kind: 'text', csv: ['reference', 'ref', 'referencia interna'] },
  title: { label: 'Título', kind: 'text', csv: ['title', 'titulo do anuncio', 'nome'] },
  business: {
    label: 'Negócio',
    kind: 'select',
    options: PROPERTY_BUSINESSES,
    csv: ['business', 'tipo de negocio'],
    detail: true,
  },
  propertyType: {
    label: 'Tipo de Imóvel',
    kind: 'select',
    options: PROPERTY_TYPES,
    csv: ['propertytype', 'property type', 'tipo'],
    detail: true,
  },
  typology: { label: 'Tipologia', kind: 'select', options: PROPERTY_TYPOLOGIES, csv: ['typology'], detail: true },
  bedrooms: { label: 'Quartos', kind: 'integer', csv: ['bedrooms', 'assoalhadas'], detail: true },
  bathrooms: { label: 'Casas de Banho', kind: 'integer', csv: ['bathrooms', 'wc'], detail: true },
  usableArea: { label: 'Área Útil', kind: 'decimal', unit: 'm²', csv: ['usablearea', 'area util (m2)'], detail: true },
  grossArea: { label: 'Área Bruta', kind: 'decimal', unit: 'm²', csv: ['grossarea', 'area bruta (m2)'], detail: true },
  landArea: {
    label: 'Área do Terreno',
    kind: 'decimal',
    unit: 'm²',
    csv: ['landarea', 'area do terreno (m2)'],
    detail: true,
  },
  priceCents: { label: 'Preço', kind: 'cents', unit: '€', csv: ['price', 'preco (€)', 'valor'], detail: true },
  condition: {
    label: 'Estado de Conservação',
    kind: 'select',
    options: PROPERTY_CONDITIONS,
    csv: ['condition', 'estado do imovel', 'conservacao'],
    detail: true,
  },
  energyClass: {
    label: 'Certificado Energético',
    kind: 'select',
    options: ENERGY_CLASSES,
    csv: ['energyclass', 'classe energetica'],
    detail: true,
  },
  yearBuilt: { label: 'Ano de Construção', kind: 'integer', csv: ['yearbuilt', 'ano'], detail: true },
  features: {
    label: 'Características',
    kind: 'multiselect',
    options: PROPERTY_FEATURES,
    csv: ['features', 'extras'],
    detail: true,
  },
  distrito: { label: 'Distrito', kind: 'text', csv: ['district', 'regiao'], detail: true },
  concelho: { label: 'Concelho', kind: 'text', csv: ['municipality', 'municipio'], detail: true },
  freguesia: { label: 'Freguesia', kind: 'text', csv: ['parish'], detail: true },
  street: { label: 'Morada', kind: 'text', csv: ['street', 'rua', 'endereco'], detail: true },
  postalCode: { label: 'Código Postal', kind: 'text', csv: ['postalcode', 'cod postal', 'cp'], detail: true },
  status: {
    label: 'Estado',
    kind: 'select',
    options: PROPERTY_STATUSES,
    csv: ['status', 'situacao'],
    detail: true,
  },
  ownerClientId: { label: 'Proprietário', kind: 'client', csv: ['owner', 'ownerclientid', 'id do proprietario'], detail: true },
  agentId: { label: 'Agente Responsável', kind: 'user', csv: ['agent', 'agente'], detail: true },
  mediationExclusive: {
    label: 'Exclusividade',
    kind: 'boolean',
    csv: ['exclusive', 'exclusivo', 'contrato exclusivo'],
    detail: true,
  },
  mediationStart: {
    label: 'Início da Mediação',
    kind: 'date',
    csv: ['mediationstart', 'inicio do contrato'],
    detail: true,
  },
  mediationEnd: { label: 'Fim da Mediação', kind: 'date', csv: ['mediationend', 'fim do contrato'], detail: true },
  commissionPercent: {
    label: 'Comissão',
    kind: 'percent',
    unit: '%',
    csv: ['commission', 'comissao (%)'],
    detail: true,
  },
  notes: { label: 'Notas', kind: 'multiline', csv: ['notes', 'observacoes'], detail: true },
  createdAt: { label: 'Criado em', kind: 'datetime', csv: ['createdat', 'data de criacao'], detail: true },
  updatedAt: { label: 'Atualizado em', kind: 'datetime', csv: ['updatedat'], detail: true },
  organizationId: null,
  deletedAt: null,
  createdBy: null,
} as const satisfies EntityFields<Property>;
