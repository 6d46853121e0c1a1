import { useState } from 'react';
import { Autocomplete, Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import { PROPERTY_FIELDS } from '@casa/shared-schema';
import { euroAmount, type PropertiesSearch } from '../../app/route-search';
import { CONCELHO_NAMES, type FilterKey, type ListFilters } from './properties-list.logic';

export type SetFilter = <K extends FilterKey>(key: K, value: ListFilters[K] | '' | null) => void;

type Props = { search: PropertiesSearch; setFilter: SetFilter; agents: ReadonlyMap<string, string> };

type SelectKey = 'business' | 'propertyType' | 'typology' | 'status';
const ALL = 'Todos';

function SelectFilter({ name, search, setFilter }: Omit<Props, 'agents'> & { name: SelectKey }) {
  const label = PROPERTY_FIELDS[name].label;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={search[name] ?? ''}
      onChange={(e) => setFilter(name, e.target.value as ListFilters[SelectKey])}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{ALL}</MenuItem>
      {PROPERTY_FIELDS[name].options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A price bound in euros: typed freely, written to the URL when it reads as an amount (blank clears). */
function PriceFilter({ name, search, setFilter }: Omit<Props, 'agents'> & { name: 'priceMin' | 'priceMax' }) {
  const [text, setText] = useState(search[name]?.toString() ?? '');
  // A change from outside (the back button, a link) shows in the box; what this box wrote changes nothing.
  const inUrl = search[name];
  const [shown, setShown] = useState(inUrl);
  if (shown !== inUrl) {
    setShown(inUrl);
    if (euroAmount(text) !== inUrl) setText(inUrl?.toString() ?? '');
  }
  return (
    <TextField
      size="small"
      label={name === 'priceMin' ? 'Preço mínimo' : 'Preço máximo'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const amount = euroAmount(e.target.value);
        if (e.target.value.trim() === '' || amount !== undefined) setFilter(name, amount ?? null);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
      }}
    />
  );
}

/** Business, type, typology, price range, concelho, status and agent of /imoveis (all in the URL). */
export function PropertiesFilters({ search, setFilter, agents }: Props) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr 1fr',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        gap: 1.5,
      }}
      data-testid="properties-filters"
    >
      <SelectFilter name="business" search={search} setFilter={setFilter} />
      <SelectFilter name="propertyType" search={search} setFilter={setFilter} />
      <SelectFilter name="typology" search={search} setFilter={setFilter} />
      <SelectFilter name="status" search={search} setFilter={setFilter} />
      <Autocomplete
        size="small"
        options={CONCELHO_NAMES}
        value={search.concelho ?? null}
        onChange={(_e, name) => setFilter('concelho', name)}
        noOptionsText="Nenhum concelho encontrado"
        renderInput={(params) => <TextField {...params} label="Concelho" />}
      />
      <PriceFilter key="min" name="priceMin" search={search} setFilter={setFilter} />
      <PriceFilter key="max" name="priceMax" search={search} setFilter={setFilter} />
      <TextField
        select
        size="small"
        label="Agente"
        value={search.agentId ?? ''}
        onChange={(e) => setFilter('agentId', e.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{ALL}</MenuItem>
        {[...agents].map(([id, name]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
