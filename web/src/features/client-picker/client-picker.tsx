import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import type { Client, ClientType } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { useClient } from '../../data/read-hooks';
import { useClientSearch } from '../../data/client-search/use-client-search';
import { useWorkerAnswer } from '../../data/client-search/use-worker-answer';
import { typingKeepsChoice } from './client-picker.logic';

const NONE: Client[] = [];

type Props = {
  value: string | null;
  onChange: (clientId: string | null) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  /** Only clients of this type may be chosen (a property's owner is a Vendedor). */
  clientType?: ClientType;
  autoFocus?: boolean;
};

/**
 * The client search of the follow-up form and the campaign dialogs (docs/product.md#clients): by name, email or type,
 * 10 suggestions, from the local replica; the choice is cleared when the text no longer matches it.
 */
export function ClientPicker({
  value,
  onChange,
  label = 'Cliente *',
  error,
  disabled,
  clientType,
  autoFocus,
}: Props) {
  const sync = useSyncClient();
  const db = sync?.db;
  const { search, state } = useClientSearch(db);
  // The chosen client's row from the replica comes a moment after the choice (and, for a new choice, the
  // previous row stays until then): the client picked here stands in meanwhile.
  const stored = useClient(sync?.db, value);
  const [picked, setPicked] = useState<Client | null>(null);
  const selected = [stored, picked].find((c) => c && c.id === value) ?? null;
  // null until the user types: the selected client's name meanwhile (its row may arrive after mounting).
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? selected?.name ?? '';
  const query = selected && text === selected.name ? '' : text;
  // The suggestions come from the search worker (issue 19): asked again per text and index change; the
  // last request's answer wins, the previous suggestions stay meanwhile.
  const options = useWorkerAnswer(search, (s) => s.pick(query, clientType), [query, clientType]) ?? NONE;

  return (
    <Autocomplete<Client, false, false, false>
      options={options}
      value={selected}
      inputValue={text}
      disabled={disabled}
      loading={!state.ready}
      loadingText="A carregar clientes..."
      noOptionsText="Nenhum cliente encontrado"
      filterOptions={(o) => o}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, c) => (
        <li {...props} key={c.id}>
          {c.name}
          {c.email ? ` · ${c.email}` : ''} · {c.type}
        </li>
      )}
      onInputChange={(_e, next, reason) => {
        setText(next);
        if (reason === 'input' && value !== null && !typingKeepsChoice(value, selected, next)) onChange(null);
      }}
      onChange={(_e, c) => {
        setPicked(c);
        onChange(c?.id ?? null);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error}
          autoFocus={autoFocus}
          placeholder="Pesquisar por nome, email ou tipo"
        />
      )}
    />
  );
}
