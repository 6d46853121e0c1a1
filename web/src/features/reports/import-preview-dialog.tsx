import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  CSV_CUSTOM_FIELD_KEYS,
  csvMessages,
  formatCount,
  formatCurrency,
  formatDate,
  isCurrencyFieldKey,
  type ClientCreate,
  type ClientCsvColumn,
  type CsvEncoding,
} from '@casa/shared-schema';
import { rejectedText } from './import-result-dialog';
import type { CsvPreview } from './csv-preview';

const ENCODING_LABEL: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (Texto Unicode)',
  'utf-16be': 'UTF-16 (Texto Unicode)',
  'windows-1252': 'Windows-1252 (CSV do Excel)',
};
const DELIMITER_LABEL: Record<string, string> = { ';': 'ponto e vírgula', ',': 'vírgula', '\t': 'tabulação' };

const NUMBER = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 });

export function readyText(n: number): string {
  return n === 1 ? '1 cliente pronto a importar' : `${formatCount(n)} clientes prontos a importar`;
}

/** One stored value as the app shows it: dates dd/mm/aaaa, money in euros, numbers the pt-PT way. */
function shownValue(column: ClientCsvColumn, client: ClientCreate): string {
  const fields = client.customFields as Record<string, unknown>;
  if (column.custom) {
    const value = fields[column.custom];
    if (value === undefined || value === null || value === '') return '';
    if (typeof value !== 'number') return String(value);
    return isCurrencyFieldKey(column.custom) ? formatCurrency(value) : NUMBER.format(value);
  }
  if (!column.key) return '';
  const value: unknown = (client as Record<string, unknown>)[column.key];
  switch (column.kind) {
    case 'date':
      return typeof value === 'string' && value ? formatDate(value) : '';
    case 'tags':
      return client.tags.join(', ');
    case 'customFields': {
      const other = Object.entries(fields).filter(([k]) => !CSV_CUSTOM_FIELD_KEYS.includes(k));
      return other.length ? JSON.stringify(Object.fromEntries(other)) : '';
    }
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

type Props = {
  preview: CsvPreview | null;
  onCancel: () => void;
  onImport: () => void;
};

/** Before anything is sent: how the file was read, and its first rows exactly as they will be stored. */
export function ImportPreviewDialog({ preview, onCancel, onImport }: Props) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const shown = preview?.columns.filter((c) => c.imported) ?? [];
  return (
    <Dialog open={preview !== null} onClose={onCancel} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle>Pré-visualização da Importação</DialogTitle>
      {preview && (
        <DialogContent dividers>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Ficheiro: {preview.fileName}
            {preview.encoding &&
              ` · ${ENCODING_LABEL[preview.encoding]} · separado por ${DELIMITER_LABEL[preview.delimiter] ?? preview.delimiter}`}
          </Typography>
          {preview.refusal ? (
            <Alert severity="error" data-testid="csv-preview-refusal">
              Este ficheiro não pode ser importado. {preview.refusal}
            </Alert>
          ) : (
            <Stack spacing={1.5}>
              <Alert severity={preview.readyCount > 0 ? 'success' : 'info'}>
                {readyText(preview.readyCount)}
                {preview.rejectedCount > 0 &&
                  ` · ${rejectedText(preview.rejectedCount)} (verá o motivo de cada uma no fim)`}
              </Alert>
              {preview.ignoredColumns.length > 0 && (
                <Alert severity="warning">{csvMessages.ignoredColumns(preview.ignoredColumns)}</Alert>
              )}
              {preview.sample.length > 0 && (
                <>
                  <Typography variant="subtitle2" component="h3">
                    Primeiras linhas, como vão ficar guardadas
                  </Typography>
                  <Box component="ol" aria-label="Primeiras linhas" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                    {preview.sample.map((client, i) => (
                      <Box
                        component="li"
                        key={i}
                        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mb: 1 }}
                      >
                        <Box
                          component="dl"
                          sx={{
                            m: 0,
                            display: 'grid',
                            gridTemplateColumns: 'minmax(7rem, max-content) 1fr',
                            columnGap: 1.5,
                            rowGap: 0.25,
                          }}
                        >
                          {shown.map((column) => {
                            const value = shownValue(column, client);
                            if (value === '') return null;
                            return (
                              <Box key={column.header} sx={{ display: 'contents' }}>
                                <Typography component="dt" variant="body2" color="textSecondary">
                                  {column.header}
                                </Typography>
                                <Typography
                                  component="dd"
                                  variant="body2"
                                  sx={{ m: 0, overflowWrap: 'anywhere' }}
                                >
                                  {value}
                                </Typography>
                              </Box>
                            );
                          })}
                        </Box>
                      </Box>
                    ))}
                  </Box>
                </>
              )}
            </Stack>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel}>{preview?.refusal ? 'Fechar' : 'Cancelar'}</Button>
        {preview && !preview.refusal && (
          <Button variant="contained" onClick={onImport} disabled={preview.readyCount === 0}>
            {preview.readyCount === 1
              ? 'Importar 1 cliente'
              : `Importar ${formatCount(preview.readyCount)} clientes`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
