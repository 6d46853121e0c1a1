import { useState } from 'react';
import { Button, Chip, Stack, TextField } from '@mui/material';

/**
 * A list of short texts (package features, allowed domains, select options): type, Adicionar (or Enter),
 * remove with the chip's cross. `add` answers the new list, or an error text / null to refuse.
 */
export function StringListEditor({
  label,
  items,
  add,
  onChange,
  placeholder,
  emptyText,
}: {
  label: string;
  items: readonly string[];
  add: (items: readonly string[], text: string) => { items: string[] } | { error: string | null };
  onChange: (items: string[]) => void;
  placeholder?: string;
  emptyText?: string;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!text.trim()) return;
    const result = add(items, text);
    if ('items' in result) {
      onChange(result.items);
      setText('');
      setError(null);
    } else {
      setError(result.error);
      if (result.error === null) setText('');
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={label}
          value={text}
          placeholder={placeholder}
          size="small"
          fullWidth
          error={Boolean(error)}
          helperText={error ?? undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button variant="outlined" onClick={submit} sx={{ flexShrink: 0 }}>
          Adicionar
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {items.length === 0 && emptyText ? <Chip label={emptyText} variant="outlined" size="small" /> : null}
        {items.map((item, i) => (
          <Chip
            key={`${item}-${i}`}
            label={item}
            size="small"
            onDelete={() => onChange(items.filter((_, j) => j !== i))}
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** Adds trimmed text unless empty or already listed. */
export function addUnique(items: readonly string[], text: string): { items: string[] } | { error: null } {
  const value = text.trim();
  if (!value || items.includes(value)) return { error: null };
  return { items: [...items, value] };
}
