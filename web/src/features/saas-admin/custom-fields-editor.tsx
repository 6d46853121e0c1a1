import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { CustomField } from '@casa/shared-schema';
import { CUSTOM_FIELD_TYPE_LABELS, CUSTOM_FIELD_TYPES } from '@casa/shared-schema/values';
import { newCustomField, SELECT_TYPES } from './registration-rules';
import { addUnique, StringListEditor } from './string-list-editor';

function bound(raw: string): number | undefined {
  return /^\d+$/.test(raw.trim()) ? Number(raw) : undefined;
}

function FieldCard({
  field,
  index,
  error,
  onChange,
  onRemove,
}: {
  field: CustomField;
  index: number;
  error?: string;
  onChange: (f: CustomField) => void;
  onRemove: () => void;
}) {
  const id = `custom-field-${index}`;
  const validation = field.validation ?? {};
  const setValidation = (patch: Partial<NonNullable<CustomField['validation']>>) =>
    onChange({ ...field, validation: { ...validation, ...patch } });
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Campo {index + 1}
            </Typography>
            <Button color="error" size="small" onClick={onRemove} aria-label={`Remover campo ${index + 1}`}>
              Remover
            </Button>
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
            <TextField
              id={`${id}-label`}
              label="Nome do campo *"
              value={field.label}
              error={Boolean(error)}
              helperText={error}
              onChange={(e) => onChange({ ...field, label: e.target.value })}
            />
            <TextField
              id={`${id}-type`}
              select
              label="Tipo"
              value={field.type}
              onChange={(e) => onChange({ ...field, type: e.target.value as CustomField['type'] })}
            >
              {CUSTOM_FIELD_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {CUSTOM_FIELD_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            id={`${id}-placeholder`}
            label="Texto de exemplo (placeholder)"
            value={field.placeholder ?? ''}
            onChange={(e) => onChange({ ...field, placeholder: e.target.value })}
          />
          {SELECT_TYPES.includes(field.type) && (
            <StringListEditor
              label="Nova opção"
              items={field.options ?? []}
              add={addUnique}
              onChange={(options) => onChange({ ...field, options })}
            />
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 2fr' } }}>
            <TextField
              id={`${id}-min`}
              label="Mín. caracteres"
              type="number"
              value={validation.minLength ?? ''}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              onChange={(e) => setValidation({ minLength: bound(e.target.value) })}
            />
            <TextField
              id={`${id}-max`}
              label="Máx. caracteres"
              type="number"
              value={validation.maxLength ?? ''}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              onChange={(e) => setValidation({ maxLength: bound(e.target.value) })}
            />
            <TextField
              id={`${id}-pattern`}
              label="Padrão (expressão regular)"
              value={validation.pattern ?? ''}
              onChange={(e) => setValidation({ pattern: e.target.value })}
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            />
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={field.required}
                onChange={(e) => onChange({ ...field, required: e.target.checked })}
              />
            }
            label="Obrigatório"
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Campos Personalizados: the extra fields a sign-up form asks (docs/product.md#saas-admin). */
export function CustomFieldsEditor({
  fields,
  errors,
  onChange,
}: {
  fields: CustomField[];
  errors: Record<string, string>;
  onChange: (fields: CustomField[]) => void;
}) {
  return (
    <Stack spacing={2}>
      {fields.length === 0 && (
        <Typography color="textSecondary">Nenhum campo personalizado configurado.</Typography>
      )}
      {fields.map((f, i) => (
        <FieldCard
          key={f.id}
          field={f}
          index={i}
          error={errors[`customFields.${f.id}`]}
          onChange={(next) => onChange(fields.map((x, j) => (j === i ? next : x)))}
          onRemove={() => onChange(fields.filter((_, j) => j !== i))}
        />
      ))}
      <Box>
        <Button variant="outlined" onClick={() => onChange([...fields, newCustomField(fields)])}>
          Adicionar Campo
        </Button>
      </Box>
    </Stack>
  );
}
