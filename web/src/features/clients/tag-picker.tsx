import { useState } from 'react';
import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import type { Tag } from '@casa/shared-schema';
import { DEFAULT_TAG_COLOR, TAG_PALETTE } from '@casa/shared-schema/values';
import { addTagChoice, sameTagChoice, tagNameProblem, type TagChoice } from './client-form.logic';
import { TagChip } from './client-visuals';

type Props = {
  value: TagChoice[];
  onChange: (next: TagChoice[]) => void;
  existing: readonly Pick<Tag, 'id' | 'name' | 'color'>[];
  /** The text typed and not yet added, kept in the form so that the save can refuse to drop it. */
  draft: string;
  onDraftChange: (text: string) => void;
  /** The form's message for the tag box (a draft that cannot become a tag). */
  formError?: string;
};

/**
 * Existing tags to pick, or a new name typed (Enter, or leaving the box) in the colour chosen below. A
 * name that exists in any case is reused (docs/product.md#clients); a blank or too long name is refused, said here.
 */
export function TagPicker({ value, onChange, existing, draft, onDraftChange, formError }: Props) {
  const [color, setColor] = useState<string>(DEFAULT_TAG_COLOR);
  const [error, setError] = useState<string | null>(null);
  const options: TagChoice[] = existing.map((t) => ({ id: t.id, name: t.name, color: t.color }));

  /** True when every item became a choice; otherwise nothing changes and the reason shows. */
  const apply = (items: readonly (TagChoice | string)[]): boolean => {
    let next: TagChoice[] = [];
    for (const item of items) {
      const name = typeof item === 'string' ? item : item.name;
      const itemColor = typeof item === 'string' ? color : item.color;
      const added = addTagChoice(next, existing, name, itemColor);
      if (!added) {
        setError(tagNameProblem(name));
        return false;
      }
      next = added;
    }
    setError(null);
    onChange(next);
    return true;
  };
  const shown = error ?? formError ?? null;

  return (
    <Stack spacing={1}>
      <Autocomplete
        multiple
        freeSolo
        options={options}
        value={value}
        inputValue={draft}
        onInputChange={(_, text) => {
          onDraftChange(text);
          if (error) setError(null);
        }}
        onChange={(_, items) => {
          // MUI has already emptied the box; a refused typed name goes back in so it can be corrected.
          const typed = items.filter((item) => typeof item === 'string').at(-1);
          if (!apply(items) && typed !== undefined) onDraftChange(typed);
        }}
        onBlur={() => {
          // Leaving the box adds what was typed, as Enter does: a save must not silently drop it.
          if (draft.trim() && apply([...value, draft])) onDraftChange('');
        }}
        filterSelectedOptions
        isOptionEqualToValue={(option, chosen) => sameTagChoice(option, chosen)}
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
            error={Boolean(shown)}
            helperText={shown ?? undefined}
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="textSecondary" id="tag-color-label">
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
