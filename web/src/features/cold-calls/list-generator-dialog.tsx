import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from '../../data/live-query';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { errorMessages, validationMessages, rejectionMessage } from '@casa/shared-schema/values';
import { useSyncClient } from '../../data/sync-provider';
import { useClientSearch } from '../../data/client-search/use-client-search';
import { useToast } from '../../ui/toast-provider';
import { lastContactMap } from './cold-calls.queries';
import { defaultTargetCount, type RankedClient } from './cold-calls.logic';
import {
  EMPTY_GENERATOR_FILTERS,
  generatorFilters,
  type GeneratorFilterForm,
} from './generator-filters.logic';
import { ListGeneratorFilters } from './list-generator-filters';
import { lastContactText } from './campaign-member-row';
import { useFullScreenDialog } from './use-full-screen-dialog';

const PREVIEW_ROWS = 100;

type FieldErrors = Partial<Record<keyof GeneratorFilterForm | 'name' | 'targetCount', string>>;

/**
 * 'Gerar Lista' (docs/product.md#cold-calls): step 1 filters, step 2 preview with name and target count, then
 * the campaign is created (its members are added as the server's list generator does).
 */
export function ListGeneratorDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (campaignId: string) => void;
}) {
  const sync = useSyncClient();
  const db = sync?.db;
  const toast = useToast();
  const fullScreen = useFullScreenDialog();
  // The ranking and the filtering run in the search worker (issue 19): every matching id, the rows of
  // the preview only.
  const { search, state } = useClientSearch(open ? db : null);
  const contacts = useLiveQuery(() => (db && open ? lastContactMap(db) : undefined), [db, open]);
  const [step, setStep] = useState<1 | 2>(1);
  const [form, setForm] = useState<GeneratorFilterForm>(EMPTY_GENERATOR_FILTERS);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const typed = useDeferredValue(form);
  const parsed = useMemo(() => generatorFilters(typed), [typed]);
  const [preview, setPreview] = useState<{ ids: string[]; first: RankedClient[] } | null>(null);
  useEffect(() => {
    if (!search || !state.ready || !contacts || !parsed.ok) return;
    let current = true;
    void search
      .ranked(contacts, parsed.filters, PREVIEW_ROWS)
      .then((answer) => current && setPreview(answer));
    return () => void (current = false);
  }, [search, state.ready, state.version, contacts, parsed]);
  const matches = parsed.ok ? (preview?.ids ?? []) : [];
  const loading = !state.ready || !contacts || (parsed.ok && !preview);
  const filterErrors: FieldErrors = parsed.ok
    ? {}
    : { [parsed.field === 'lastContactDays' ? 'lastContact' : parsed.field]: parsed.message };

  const reset = () => {
    setStep(1);
    setForm(EMPTY_GENERATOR_FILTERS);
    setName('');
    setDescription('');
    setTarget('');
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };

  const toPreview = () => {
    setTarget(String(defaultTargetCount(matches.length)));
    setErrors({});
    setStep(2);
  };

  const create = async () => {
    if (!parsed.ok) return;
    if (!sync) {
      toast({ title: validationMessages.userDataLoadFailed, variant: 'destructive' });
      return;
    }
    const targetCount = Number(target);
    const next: FieldErrors = {};
    if (!name.trim()) next.name = validationMessages.campaignNameRequired;
    if (!Number.isInteger(targetCount) || targetCount < 1)
      next.targetCount = validationMessages.targetCountMin1;
    else if (targetCount > matches.length)
      next.targetCount = `O número de contactos não pode exceder ${matches.length}`;
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      const { id } = await sync.mutate.createCampaign({
        name: name.trim(),
        description,
        filters: parsed.filters,
        targetCount,
        status: 'active',
        // The previewed list itself: the server keeps these members even if it ranks differently by the
        // time an offline campaign reaches it.
        clientIds: matches.slice(0, targetCount),
      });
      toast({ title: 'Campanha criada com sucesso!', variant: 'success' });
      reset();
      onClose();
      if (id) onCreated(id);
    } catch (err) {
      toast({
        title: errorMessages.campaignCreateFailed,
        description: rejectionMessage(err),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const capped = Math.max(0, Math.min(Number(target) || 0, matches.length));
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="list-generator-title"
    >
      <DialogTitle id="list-generator-title">
        Gerar Lista de Contactos
        <Typography variant="body2" color="textSecondary">
          {step === 1 ? 'Passo 1 de 2: filtros' : 'Passo 2 de 2: pré-visualização e nome'}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {step === 1 ? (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <ListGeneratorFilters form={form} errors={filterErrors} onChange={setForm} />
            <Alert severity={matches.length > 0 ? 'info' : 'warning'} data-testid="generator-matches">
              {loading
                ? 'A calcular clientes…'
                : `${matches.length} ${matches.length === 1 ? 'cliente com telefone corresponde' : 'clientes com telefone correspondem'} aos filtros`}
            </Alert>
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <Typography sx={{ fontWeight: 600 }}>
              {matches.length} {matches.length === 1 ? 'cliente encontrado' : 'clientes encontrados'}
            </Typography>
            <TextField
              label="Nome da campanha *"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              autoFocus
            />
            <TextField
              label="Descrição"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
            />
            <TextField
              label="Número de contactos *"
              type="number"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              error={Boolean(errors.targetCount)}
              helperText={errors.targetCount ?? `Entre 1 e ${matches.length}`}
              slotProps={{ htmlInput: { min: 1, max: matches.length, step: 1 } }}
            />
            <Typography variant="subtitle2">Clientes a incluir ({capped})</Typography>
            <List
              dense
              disablePadding
              aria-label="Pré-visualização"
              sx={{ maxHeight: 320, overflowY: 'auto' }}
            >
              {(preview?.first ?? []).slice(0, Math.min(capped, PREVIEW_ROWS)).map((m) => (
                <ListItem key={m.id} divider sx={{ px: 0 }}>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{m.client.name}</span>
                        <Chip size="small" variant="outlined" label={m.client.type} />
                      </Stack>
                    }
                    secondary={`${m.client.phone ?? ''} · ${lastContactText(m.lastContactDate)}`}
                  />
                </ListItem>
              ))}
            </List>
            {capped > PREVIEW_ROWS && (
              <Typography variant="body2" color="textSecondary">
                e mais {capped - PREVIEW_ROWS}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step === 1 ? (
          <>
            <Button onClick={close}>Cancelar</Button>
            <Button
              variant="contained"
              onClick={toPreview}
              disabled={loading || !parsed.ok || matches.length === 0}
            >
              Pré-visualizar
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep(1)}>Voltar</Button>
            <Button variant="contained" onClick={() => void create()} disabled={saving}>
              Criar Campanha
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
