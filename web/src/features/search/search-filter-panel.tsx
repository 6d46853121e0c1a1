import {
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  Grid,
  InputAdornment,
  InputLabel,
  MenuItem,
  Select,
  TextField,
} from '@mui/material';
import type { ClientType } from '@casa/shared-schema';
import { CLIENT_TYPES } from '@casa/shared-schema/values';
import { activeFilterCount, budgetErrors, type SearchFilters } from './search.logic';

const ALL_TYPES = 'Todos';

const RATING_OPTIONS = [
  { value: 0, label: 'Qualquer classificação' },
  { value: 1, label: '1 estrela ou mais' },
  { value: 2, label: '2 estrelas ou mais' },
  { value: 3, label: '3 estrelas ou mais' },
  { value: 4, label: '4 estrelas ou mais' },
  { value: 5, label: '5 estrelas' },
];

type Props = {
  id: string;
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  onClear: () => void;
};

/** docs/product.md#search advanced-search filters: type, minimum rating, has phone/email, zone, budget range. */
export function SearchFilterPanel({ id, filters, onChange, onClear }: Props) {
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const errors = budgetErrors(filters);
  const euro = { input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } };
  return (
    <Card variant="outlined" id={id} component="section" aria-label="Filtros de pesquisa">
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormControl fullWidth size="small">
              <InputLabel id={`${id}-type`}>Tipo de cliente</InputLabel>
              <Select
                labelId={`${id}-type`}
                label="Tipo de cliente"
                value={filters.type ?? ALL_TYPES}
                onChange={(e) =>
                  set('type', e.target.value === ALL_TYPES ? null : (e.target.value as ClientType))
                }
              >
                <MenuItem value={ALL_TYPES}>Todos</MenuItem>
                {CLIENT_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormControl fullWidth size="small">
              <InputLabel id={`${id}-rating`}>Classificação mínima</InputLabel>
              <Select
                labelId={`${id}-rating`}
                label="Classificação mínima"
                value={filters.minRating}
                onChange={(e) => set('minRating', Number(e.target.value))}
              >
                {RATING_OPTIONS.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              size="small"
              label="Zona"
              placeholder="Ex.: Lisboa, Cascais"
              value={filters.zone}
              onChange={(e) => set('zone', e.target.value)}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              size="small"
              label="Orçamento mínimo"
              value={filters.minBudget}
              onChange={(e) => set('minBudget', e.target.value)}
              error={Boolean(errors.minBudget)}
              helperText={errors.minBudget}
              slotProps={{ ...euro, htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              size="small"
              label="Orçamento máximo"
              value={filters.maxBudget}
              onChange={(e) => set('maxBudget', e.target.value)}
              error={Boolean(errors.maxBudget)}
              helperText={errors.maxBudget}
              slotProps={{ ...euro, htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormGroup row sx={{ columnGap: 2 }}>
              <FormControlLabel
                control={
                  <Checkbox checked={filters.hasPhone} onChange={(e) => set('hasPhone', e.target.checked)} />
                }
                label="Com telefone"
              />
              <FormControlLabel
                control={
                  <Checkbox checked={filters.hasEmail} onChange={(e) => set('hasEmail', e.target.checked)} />
                }
                label="Com email"
              />
            </FormGroup>
          </Grid>
          <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
            <Button onClick={onClear} disabled={activeFilterCount(filters) === 0}>
              Limpar filtros
            </Button>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
