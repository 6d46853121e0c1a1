import { useState } from 'react';
import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import {
  DEFAULT_TAG_COLOR,
  TAG_PALETTE,
  tagNameKey,
  validationMessages,
  type Tag,
} from '@casa/shared-schema';
import { addTagChoice, type TagChoice } from './client-form.logic';
import { TagChip } from './client-visuals';

type Props = {
  value: TagChoice[];
  onChange: (next: TagChoice[]) => void;
  existing: readonly Pick<Tag, 'id' | 'name' | 'color'>[];
};

/**
 * Existing tags to pick, or a new name typed (Enter) in the colour chosen below. A name that exists in
 * any case is reused (spec 2 §5); a blank name is refused.
 */
export function TagPicker({ value, onChange, existing }: Props) {
  const [color, setColor] = useState<string>(DEFAULT_TAG_COLOR);
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options: TagChoice[] = existing.map((t) => ({ id: t.id, name: t.name, color: t.color }));

  const apply = (items: readonly (TagChoice | string)[]) => {
    let next: TagChoice[] = [];
    for (const item of items) {
      const name = typeof item === 'string' ? item : item.name;
      const itemColor = typeof item === 'string' ? color : item.color;
      const added = addTagChoice(next, existing, name, itemColor);
      if (!added) {
        setError(validationMessages.tagNameRequired);
        return;
      }
      next = added;
    }
    setError(null);
    onChange(next);
  };

  return (
    <Stack spacing={1}>
      <Autocomplete
        multiple
        freeSolo
        options={options}
        value={value}
        inputValue={input}
        onInputChange={(_, text) => {
          setInput(text);
          if (error && text.trim()) setError(null);
        }}
        onChange={(_, items) => apply(items)}
        filterSelectedOptions
        isOptionEqualToValue={(a, b) => tagNameKey(a.name) === tagNameKey(typeof b === 'string' ? b : b.name)}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.name)}
        renderOption={(props, option) => {
          const { key, ...rest } = props;
          return (
            <li key={key} {...rest}>
              <Box
                sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: option.color, mr: 1 }}
                aria-hidden
              />
              {option.name}
            </li>
          );
        }}
        renderValue={(items, getItemProps) =>
          items.map((item, index) => {
            const { key, ...rest } = getItemProps({ index });
            const choice = typeof item === 'string' ? { name: item, color } : item;
            return <TagChip key={key} name={choice.name} tagColor={choice.color} {...rest} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Tags"
            placeholder={value.length ? '' : 'Escolha ou escreva uma nova tag e prima Enter'}
            error={Boolean(error)}
            helperText={error ?? undefined}
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary" id="tag-color-label">
          Cor para novas tags:
        </Typography>
        <Stack
          direction="row"
          role="radiogroup"
          aria-labelledby="tag-color-label"
          sx={{ flexWrap: 'wrap', gap: 0.75 }}
        >
          {TAG_PALETTE.map((c) => (
            <Box
              key={c.name}
              component="button"
              type="button"
              role="radio"
              aria-checked={color === c.color}
              aria-label={c.label}
              title={c.label}
              onClick={() => setColor(c.color)}
              sx={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                border: 2,
                borderColor: color === c.color ? 'text.primary' : 'transparent',
                bgcolor: c.color,
                color: '#fff',
                cursor: 'pointer',
                p: 0,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {color === c.color && <CheckRoundedIcon sx={{ fontSize: 16 }} />}
            </Box>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
