import { useId, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import FileDownloadRoundedIcon from '@mui/icons-material/FileDownloadRounded';
import FileUploadRoundedIcon from '@mui/icons-material/FileUploadRounded';
import type { ClientImportResult } from '@casa/shared-schema';
import { errorMessages, validationMessages } from '@casa/shared-schema/values';
import { useSyncState } from '../../app/use-sync-state';
import { useSyncClient } from '../../data/sync-provider';
import { downloadBlob } from '../../lib/download';
import { usePermissions } from '../auth/permissions.queries';
import { useToast } from '../../ui/toast-provider';
import {
  exportFileName,
  failureMessage,
  fetchClientsCsv,
  importClientsFile,
  isCsvFileName,
  previewCsvFile,
  type CsvPreview,
} from './csv-transfer';
import { ImportPreviewDialog } from './import-preview-dialog';
import { ImportResultDialog } from './import-result-dialog';

type Busy = null | 'export' | 'read' | 'import';

export const OFFLINE_CSV_MESSAGE =
  'A exportação e a importação de CSV precisam de ligação à Internet. Volte a tentar quando estiver online.';

const BUSY_TEXT: Record<Exclude<Busy, null>, string> = {
  export: 'A preparar o ficheiro CSV…',
  read: 'A ler o ficheiro…',
  import: 'A importar clientes… Pode demorar alguns segundos em ficheiros grandes.',
};

/** docs/product.md#reports export/import block: the only part of the reports that talks to the server. */
export function CsvTransferCard() {
  const { canCreate } = usePermissions();
  const { online } = useSyncState();
  const client = useSyncClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [result, setResult] = useState<ClientImportResult | null>(null);
  const [fileName, setFileName] = useState('');
  const [pending, setPending] = useState<{ file: File; preview: CsvPreview } | null>(null);

  const exportCsv = async () => {
    setBusy('export');
    try {
      downloadBlob(await fetchClientsCsv(), exportFileName());
    } catch (error) {
      toast({
        title: errorMessages.exportFailed,
        description: failureMessage(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const importFailed = (error: unknown) =>
    toast({ title: errorMessages.importFailed, description: failureMessage(error), variant: 'destructive' });

  const importCsv = async (file: File) => {
    if (!isCsvFileName(file.name)) {
      toast({
        title: validationMessages.csvInvalidTitle,
        description: validationMessages.csvInvalid,
        variant: 'destructive',
      });
      return;
    }
    setBusy('read');
    try {
      setPending({ file, preview: await previewCsvFile(file) });
    } catch (error) {
      importFailed(error);
    } finally {
      setBusy(null);
    }
  };

  const confirmImport = async (file: File) => {
    setPending(null);
    setBusy('import');
    try {
      const answer = await importClientsFile(file, file.name);
      setFileName(file.name);
      setResult(answer);
      if (answer.imported > 0) void client?.engine.syncNow();
    } catch (error) {
      importFailed(error);
    } finally {
      setBusy(null);
    }
  };

  const disabled = !online || busy !== null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="csv-transfer-title">
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography id="csv-transfer-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              Exportar e Importar
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {canCreate
                ? 'Exporte todos os clientes para um ficheiro CSV (abre no Excel) ou importe clientes de um ficheiro CSV com o mesmo cabeçalho.'
                : 'Exporte todos os clientes para um ficheiro CSV (abre no Excel).'}
            </Typography>
          </Box>
          {!online && (
            <Alert severity="warning" data-testid="csv-offline">
              {OFFLINE_CSV_MESSAGE}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadRoundedIcon />}
              onClick={() => void exportCsv()}
              disabled={disabled}
            >
              Exportar CSV
            </Button>
            {canCreate && (
              <>
                <input
                  ref={input}
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  data-testid="csv-import-input"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    // Reset, so picking the same file again (after fixing it) imports it again.
                    e.target.value = '';
                    if (file) void importCsv(file);
                  }}
                />
                <Button
                  variant="contained"
                  startIcon={<FileUploadRoundedIcon />}
                  onClick={() => input.current?.click()}
                  disabled={disabled}
                >
                  Importar CSV
                </Button>
              </>
            )}
          </Stack>
          {busy && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {BUSY_TEXT[busy]}
              </Typography>
              <LinearProgress aria-label={BUSY_TEXT[busy]} />
            </Box>
          )}
        </Stack>
      </CardContent>
      <ImportPreviewDialog
        preview={pending?.preview ?? null}
        onCancel={() => setPending(null)}
        onImport={() => pending && void confirmImport(pending.file)}
      />
      <ImportResultDialog result={result} fileName={fileName} onClose={() => setResult(null)} />
    </Card>
  );
}
