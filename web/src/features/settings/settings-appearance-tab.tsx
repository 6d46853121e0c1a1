import {
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Skeleton,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { Language, Theme } from '@casa/shared-schema';
import { LANGUAGE_LABELS, LANGUAGES, THEME_LABELS, THEMES } from '@casa/shared-schema/values';
import { settingsTexts as t } from './settings.texts';
import { useSettingsDraft } from './use-settings-draft';

/** Settings › Aparência: theme, language and compact mode; saving reloads the page. */
export function SettingsAppearanceTab({ userId }: { userId: string }) {
  const { loading, value, setDraft, saving, save } = useSettingsDraft(userId);
  if (loading || !value) return <Skeleton variant="rounded" height={260} />;
  const appearance = value.appearance;
  const set = (patch: Partial<typeof appearance>) =>
    setDraft({ ...value, appearance: { ...appearance, ...patch } });
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {t.tabs.appearance}
        </Typography>
        <Stack spacing={3} sx={{ maxWidth: 420 }}>
          <FormControl>
            <FormLabel id="settings-theme-label">{t.theme}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="settings-theme-label"
              value={appearance.theme}
              onChange={(_, theme) => set({ theme: theme as Theme })}
            >
              {THEMES.map((key) => (
                <FormControlLabel key={key} value={key} control={<Radio />} label={THEME_LABELS[key]} />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl>
            <InputLabel id="settings-language-label">{t.language}</InputLabel>
            <Select
              labelId="settings-language-label"
              label={t.language}
              value={appearance.language}
              onChange={(e) => set({ language: e.target.value as Language })}
            >
              {LANGUAGES.map((key) => (
                <MenuItem key={key} value={key}>
                  {LANGUAGE_LABELS[key]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControlLabel
            label={t.compactMode}
            control={
              <Switch checked={appearance.compactMode} onChange={(_, on) => set({ compactMode: on })} />
            }
          />
          <Box>
            <Button variant="contained" disabled={saving} onClick={() => void save({ appearance })}>
              {t.saveSettings}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
