import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import type { Organization, OrganizationRole, RegistrationSettings } from '@casa/shared-schema';
import {
  errorMessages,
  ORGANIZATION_ROLES,
  ROLE_LABELS,
  validationMessages,
} from '@casa/shared-schema/values';
import { useLoad } from '../../lib/use-load';
import { OFFLINE_DETAIL } from '../../ui/offline-notice';
import { serverMessage } from '../../lib/server-message';
import { CustomFieldsEditor } from './custom-fields-editor';
import { LoadFailed } from './offline-state';
import { addAllowedDomain, checkSettings, parseRoleLimit, type SettingsDraft } from './registration-rules';
import { loadRegistrationSettings, saveRegistrationSettings } from './saas-admin.api';
import { isOfflineError } from './saas-errors';
import { StringListEditor } from './string-list-editor';

const TABS = [
  { key: 'general', label: 'Geral' },
  { key: 'restrictions', label: 'Restrições' },
  { key: 'customFields', label: 'Campos Personalizados' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export const SAVED_MESSAGE_MS = 3000;

function toDraft(settings: RegistrationSettings): SettingsDraft {
  const { organizationId: _o, updatedAt: _u, ...rest } = settings;
  return rest;
}

function Toggle({
  label,
  help,
  checked,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
      <Typography variant="body2" color="textSecondary" sx={{ ml: 6 }}>
        {help}
      </Typography>
    </Box>
  );
}

function RoleLimitField({
  role,
  value,
  error,
  onChange,
}: {
  role: OrganizationRole;
  value: number;
  error?: string;
  onChange: (n: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  return (
    <TextField
      id={`role-limit-${role}`}
      label={`Máximo de ${ROLE_LABELS[role]}`}
      type="number"
      value={text}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
      error={invalid || Boolean(error)}
      helperText={invalid || error ? validationMessages.nonNegative : '0 = ilimitado'}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseRoleLimit(e.target.value);
        setInvalid(n === null);
        // -1 keeps the draft invalid so saving is refused until the field is fixed.
        onChange(n ?? -1);
      }}
    />
  );
}

/** 'Configurações de Registo' of one organization (docs/product.md#saas-admin). */
export function RegistrationSettingsView({
  organization,
  onBack,
}: {
  organization: Organization;
  onBack: () => void;
}) {
  const [reloadKey, setReloadKey] = useState(0);
  const loaded = useLoad(() => loadRegistrationSettings(organization.id), `${organization.id}:${reloadKey}`);
  const [tab, setTab] = useState<TabKey>('general');
  const [edited, setDraft] = useState<SettingsDraft | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // The draft starts as what the server answered; edits replace it.
  const draft = edited ?? (loaded.data ? toDraft(loaded.data) : null);
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((d) => {
      const base = d ?? draft;
      return base ? { ...base, [key]: value } : base;
    });

  const save = async () => {
    if (!draft) return;
    const check = checkSettings(draft);
    if (!check.ok) {
      setFieldErrors(check.fieldErrors);
      if (Object.keys(check.fieldErrors).some((k) => k.startsWith('customFields.'))) setTab('customFields');
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const answer = await saveRegistrationSettings(organization.id, check.payload);
      setDraft(toDraft(answer));
      setSaved(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    } catch (error) {
      setFailure(
        isOfflineError(error) ? OFFLINE_DETAIL : serverMessage(error, errorMessages.settingsSaveError),
      );
    } finally {
      setBusy(false);
    }
  };

  const header = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Configurações de Registo
        </Typography>
        <Typography color="textSecondary">{organization.name}</Typography>
      </Box>
      <Box>
        <Button startIcon={<ArrowBackRoundedIcon />} onClick={onBack}>
          Voltar à Lista
        </Button>
      </Box>
    </Stack>
  );

  if (loaded.loading || (!draft && !loaded.error)) {
    return (
      <Stack spacing={2}>
        {header}
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  if (!draft) {
    return (
      <Stack spacing={2}>
        {header}
        <LoadFailed
          error={loaded.error}
          fallback="Erro ao carregar as configurações de registo"
          onRetry={() => setReloadKey((k) => k + 1)}
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      {header}
      {saved && <Alert severity="success">{errorMessages.registrationSettingsSaved}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Tabs
        value={tab}
        onChange={(_, next: TabKey) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Configurações de Registo"
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`registration-tab-${t.key}`}
            aria-controls="registration-panel"
          />
        ))}
      </Tabs>
      <Card
        variant="outlined"
        role="tabpanel"
        id="registration-panel"
        aria-labelledby={`registration-tab-${tab}`}
      >
        <CardContent>
          {tab === 'general' && (
            <Stack spacing={2}>
              <Toggle
                label="Registo ativo"
                help="Quem se registar no site com um email de um domínio permitido (Restrições) entra nesta organização, em vez de criar uma nova."
                checked={draft.enabled}
                onChange={(v) => set('enabled', v)}
              />
              <Toggle
                label="Requer aprovação"
                help="Quem se registar no site fica inativo até um administrador da organização o ativar."
                checked={draft.requireApproval}
                onChange={(v) => set('requireApproval', v)}
              />
              <Toggle
                label="Apenas por convite"
                help="O registo no site não entra nesta organização: só os administradores adicionam utilizadores."
                checked={draft.invitationOnly}
                onChange={(v) => set('invitationOnly', v)}
              />
              <TextField
                id="registration-default-role"
                select
                label="Função predefinida"
                value={draft.defaultRole}
                onChange={(e) => set('defaultRole', e.target.value as OrganizationRole)}
                sx={{ maxWidth: 320 }}
              >
                {ORGANIZATION_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          {tab === 'restrictions' && (
            <Stack spacing={3}>
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  Domínios permitidos
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                  Sem domínios na lista, todos os domínios são permitidos para os utilizadores que os
                  administradores adicionam; o registo no site só entra nesta organização com um domínio da
                  lista.
                </Typography>
                <StringListEditor
                  label="Novo domínio"
                  placeholder="exemplo.pt"
                  items={draft.allowedDomains}
                  add={(items, text) => {
                    const r = addAllowedDomain(items, text);
                    return r.ok ? { items: r.domains } : { error: r.error };
                  }}
                  onChange={(domains) => set('allowedDomains', domains)}
                  emptyText="Todos os domínios permitidos"
                />
              </Box>
              <Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  Limite de utilizadores por função
                </Typography>
                <Box
                  sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
                >
                  {ORGANIZATION_ROLES.map((role) => (
                    <RoleLimitField
                      key={role}
                      role={role}
                      value={draft.maxUsersPerRole[role]}
                      error={fieldErrors[`maxUsersPerRole.${role}`]}
                      onChange={(n) => set('maxUsersPerRole', { ...draft.maxUsersPerRole, [role]: n })}
                    />
                  ))}
                </Box>
              </Box>
            </Stack>
          )}
          {tab === 'customFields' && (
            <CustomFieldsEditor
              fields={draft.customFields}
              errors={fieldErrors}
              onChange={(fields) => {
                set('customFields', fields);
                // A label typed in clears that field's 'Campo obrigatório'.
                setFieldErrors((errors) =>
                  Object.fromEntries(
                    Object.entries(errors).filter(
                      ([key]) => !fields.some((f) => key === `customFields.${f.id}` && f.label.trim()),
                    ),
                  ),
                );
              }}
            />
          )}
        </CardContent>
      </Card>
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Guardar Configurações
        </Button>
      </Box>
    </Stack>
  );
}
