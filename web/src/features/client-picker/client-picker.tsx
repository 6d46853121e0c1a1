import { useMemo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { normalizeForSearch, type Client } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { useClient, useClientIndex } from '../../data/read-hooks';
import type { IndexedClient } from '../../data/client-search/client-index';

/** docs/product.md#clients: at most 10 client suggestions. */
export const CLIENT_SUGGESTION_LIMIT = 10;

/** Name, email or type holds the text (accent- and case-insensitive). */
export function clientMatchesPickerText(client: Pick<Client, 'name' | 'email' | 'type'>, text: string) {
  const q = normalizeForSearch(text);
  if (!q) return true;
  return [client.name, client.email, client.type].some((v) => normalizeForSearch(v).includes(q));
}

export function pickerSuggestions(
  entries: readonly IndexedClient[],
  text: string,
  limit = CLIENT_SUGGESTION_LIMIT,
) {
  const out: Client[] = [];
  for (const e of entries) {
    if (clientMatchesPickerText(e.client, text)) out.push(e.client);
    if (out.length >= limit) break;
  }
  return out;
}

type Props = {
  value: string | null;
  onChange: (clientId: string | null) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  /** Clients that may not be chosen (e.g. already in the campaign). */
  exclude?: ReadonlySet<string>;
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
  exclude,
  autoFocus,
}: Props) {
  const sync = useSyncClient();
  const index = useClientIndex(sync?.db);
  const selected = useClient(sync?.db, value) ?? null;
  // null until the user types: the selected client's name meanwhile (its row may arrive after mounting).
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? selected?.name ?? '';
  const options = useMemo(() => {
    const entries = exclude ? index.entries.filter((e) => !exclude.has(e.client.id)) : index.entries;
    return pickerSuggestions(entries, selected && text === selected.name ? '' : text);
  }, [index, text, exclude, selected]);

  return (
    <Autocomplete<Client, false, false, false>
      options={options}
      value={selected}
      inputValue={text}
      disabled={disabled}
      loading={!index.ready}
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
        if (reason === 'input' && selected && !clientMatchesPickerText(selected, next)) onChange(null);
      }}
      onChange={(_e, c) => onChange(c?.id ?? null)}
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
