import { useRef } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ClientImportResult } from '@casa/shared-schema';
import { formatCount } from '@casa/shared-schema/values';
import { RouterButton } from '../../ui/router-link';

const ROW_HEIGHT = 56;

export function importedText(n: number): string {
  return n === 1 ? '1 cliente importado' : `${formatCount(n)} clientes importados`;
}

export function rejectedText(n: number): string {
  return n === 1 ? '1 linha rejeitada' : `${formatCount(n)} linhas rejeitadas`;
}

type Props = { result: ClientImportResult | null; fileName: string; onClose: () => void };

/** What the import did: the count of new clients and every rejected line with its reason. */
export function ImportResultDialog({ result, fileName, onClose }: Props) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open={result !== null} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle>Resultado da Importação</DialogTitle>
      {result && (
        <DialogContent dividers>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Ficheiro: {fileName}
          </Typography>
          <Alert severity={result.imported > 0 ? 'success' : 'info'} sx={{ mb: 2 }}>
            {importedText(result.imported)}
          </Alert>
          {result.errors.length > 0 && (
            <>
              <Alert severity="warning" sx={{ mb: 1 }}>
                {rejectedText(result.errors.length)}. Corrija-as no ficheiro e importe só essas linhas de
                novo.
              </Alert>
              <RejectedLines errors={result.errors} />
            </>
          )}
        </DialogContent>
      )}
      <DialogActions>
        {result && result.imported > 0 && (
          <RouterButton to="/search" onClick={onClose}>
            Pesquisar clientes
          </RouterButton>
        )}
        <Button variant="contained" onClick={onClose}>
          Fechar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Virtualised: a file of 20,000 bad lines must still open at once. */
function RejectedLines({ errors }: { errors: ClientImportResult['errors'] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // The build has no React Compiler, whose memoisation this warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: errors.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <Box
      ref={scroller}
      role="list"
      aria-label="Linhas rejeitadas"
      tabIndex={0}
      sx={{
        maxHeight: { xs: '55vh', sm: 320 },
        overflowY: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Box sx={{ height: rows.getTotalSize(), position: 'relative' }}>
        {rows.getVirtualItems().map((item) => {
          const e = errors[item.index]!;
          return (
            <Box
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={rows.measureElement}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
                px: 1.5,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
                Linha {e.line}:
              </Typography>{' '}
              <Typography variant="body2" component="span">
                {e.message}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
