import {
  Card,
  CardContent,
  FormControlLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { THEME_LABELS, THEMES, type Theme } from '@casa/shared-schema';
import { useUserTheme } from '../../app/use-user-theme';
import { useLoad } from '../../lib/use-load';
import { userSettings } from '../settings/user-settings.api';
import { profileTexts as t } from './profile.texts';

/** Profile › Aparência: light, dark or system; a skeleton while the saved preference loads. */
export function ProfileAppearanceTab({ userId }: { userId: string }) {
  const settings = useLoad(() => userSettings.load(), userId);
  const { mode, choose } = useUserTheme(userId);
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="profile-theme-title" sx={{ fontWeight: 700 }}>
          {t.themeTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t.themeHelp}
        </Typography>
        {settings.loading ? (
          <Stack spacing={1} data-testid="theme-skeleton" aria-busy="true">
            {THEMES.map((key) => (
              <Skeleton key={key} variant="rounded" height={40} width={220} />
            ))}
          </Stack>
        ) : (
          <RadioGroup
            aria-labelledby="profile-theme-title"
            value={mode}
            onChange={(_, value) => choose(value as Theme)}
          >
            {THEMES.map((key) => (
              <FormControlLabel key={key} value={key} control={<Radio />} label={THEME_LABELS[key]} />
            ))}
          </RadioGroup>
        )}
      </CardContent>
    </Card>
  );
}
