import { normalizeForSearch } from '../text/normalize';

/**
 * The client CSV format (GET /api/export/clients, POST /api/import/clients): UTF-8 with a BOM,
 * ';'-separated (what Excel in Portugal expects), one header row with these Portuguese names.
 * `key` is the client field, `custom` a customFields key; `aliases` are extra header names the
 * importer accepts (compared without accents or case).
 */
export type ClientCsvColumn = {
  header: string;
  aliases: readonly string[];
  key?:
    | 'id'
    | 'name'
    | 'email'
    | 'phone'
    | 'type'
    | 'rating'
    | 'birthday'
    | 'notes'
    | 'tags'
    | 'agent'
    | 'createdAt'
    | 'updatedAt'
    | 'otherFields';
  custom?: string;
  numeric?: boolean;
};

/** The largest CSV file the import accepts as an upload (20,000 rows are about 5 MB). */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
/** The multipart field of POST /api/import/clients that carries the file's bytes. */
export const CSV_UPLOAD_FIELD = 'file';

export const CLIENT_CSV_COLUMNS: readonly ClientCsvColumn[] = [
  { header: 'ID', aliases: ['id'], key: 'id' },
  { header: 'Nome', aliases: ['name', 'nome completo', 'cliente'], key: 'name' },
  { header: 'Email', aliases: ['e-mail', 'mail', 'correio eletronico'], key: 'email' },
  { header: 'Telefone', aliases: ['phone', 'telemovel', 'tel', 'contacto'], key: 'phone' },
  { header: 'Tipo', aliases: ['type', 'tipo de cliente'], key: 'type' },
  { header: 'Classificação', aliases: ['rating', 'avaliacao', 'estrelas'], key: 'rating' },
  { header: 'Data de Nascimento', aliases: ['birthday', 'aniversario', 'nascimento'], key: 'birthday' },
  { header: 'Notas', aliases: ['notes', 'observacoes'], key: 'notes' },
  { header: 'Tags', aliases: ['etiquetas'], key: 'tags' },
  { header: 'Orçamento', aliases: ['budget'], custom: 'budget', numeric: true },
  { header: 'Tipologia', aliases: ['typology'], custom: 'typology' },
  { header: 'Zona', aliases: ['zone'], custom: 'zone' },
  { header: 'Urgência', aliases: ['urgency'], custom: 'urgency' },
  { header: 'Tipo de Imóvel', aliases: ['propertytype', 'property type'], custom: 'propertyType' },
  {
    header: 'Valor do Imóvel',
    aliases: ['propertyvalue', 'property value'],
    custom: 'propertyValue',
    numeric: true,
  },
  { header: 'Localização', aliases: ['location'], custom: 'location' },
  { header: 'Motivo da Venda', aliases: ['salereason', 'sale reason'], custom: 'saleReason' },
  {
    header: 'Tipo de Investimento',
    aliases: ['investmenttype', 'investment type'],
    custom: 'investmentType',
  },
  { header: 'Faixa de Orçamento', aliases: ['budgetrange', 'budget range'], custom: 'budgetRange' },
  { header: 'Zonas Preferidas', aliases: ['preferredzones', 'preferred zones'], custom: 'preferredZones' },
  {
    header: 'Retorno Esperado (%)',
    aliases: ['retorno esperado', 'expectedreturn', 'expected return'],
    custom: 'expectedReturn',
    numeric: true,
  },
  {
    header: 'Orçamento de Investimento',
    aliases: ['investmentbudget', 'investment budget'],
    custom: 'investmentBudget',
    numeric: true,
  },
  { header: 'Outros Campos', aliases: ['otherfields', 'other fields', 'customfields'], key: 'otherFields' },
  { header: 'Agente', aliases: ['agent', 'agente responsavel'], key: 'agent' },
  { header: 'Criado em', aliases: ['createdat', 'created at', 'data de criacao'], key: 'createdAt' },
  { header: 'Atualizado em', aliases: ['updatedat', 'updated at'], key: 'updatedAt' },
];

/** customFields keys that have their own column; any other key travels in 'Outros Campos' as JSON. */
export const CSV_CUSTOM_FIELD_KEYS: readonly string[] = CLIENT_CSV_COLUMNS.flatMap((c) =>
  c.custom ? [c.custom] : [],
);

const BY_NAME = new Map<string, ClientCsvColumn>();
for (const column of CLIENT_CSV_COLUMNS) {
  for (const name of [column.header, ...column.aliases, column.key ?? '', column.custom ?? '']) {
    if (name) BY_NAME.set(normalizeForSearch(name), column);
  }
}

/** The column a header cell names (accent-, case- and space-insensitive), if any. */
export function csvColumnForHeader(header: string): ClientCsvColumn | undefined {
  return BY_NAME.get(normalizeForSearch(header.replace(/^\uFEFF/, '')));
}
