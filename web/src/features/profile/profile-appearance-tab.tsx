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
import type { CurrentUser, Theme } from '@casa/shared-schema';
import { THEME_LABELS, THEMES } from '@casa/shared-schema/values';
import { useUserTheme } from '../../app/use-user-theme';
import { useOwnSettings } from '../../data/own-settings';
import { replicaSessionOf } from '../../data/sync-provider';
import { useLoad } from '../../lib/use-load';
import { userSettings } from '../settings/user-settings.api';
import { profileTexts as t } from './profile.texts';

/**
 * Profile › Aparência: light, dark or system; a skeleton while the saved preference loads (from the
 * replica, or from the API for the super admin, who has none).
 */
export function ProfileAppearanceTab({ user }: { user: CurrentUser }) {
  const replicated = replicaSessionOf(user) !== null;
  const own = useOwnSettings(user.id);
  const remote = useLoad(() => (replicated ? Promise.resolve(null) : userSettings.load()), user.id);
  const loading = replicated ? own === undefined : remote.loading;
  const { mode, choose } = useUserTheme(user);
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="profile-theme-title" sx={{ fontWeight: 700 }}>
          {t.themeTitle}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t.themeHelp}
        </Typography>
        {loading ? (
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
