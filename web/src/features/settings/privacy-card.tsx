import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormGroup,
  Skeleton,
  Switch,
  Typography,
} from '@mui/material';
import { settingsTexts as t } from './settings.texts';
import { useSettingsDraft } from './use-settings-draft';

/** Segurança › Privacidade: profileVisible and dataSharing in the user settings. */
export function PrivacyCard({ userId }: { userId: string }) {
  const { loading, value, setDraft, saving, save } = useSettingsDraft(userId);
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t.privacy}
        </Typography>
        {loading || !value ? (
          <Skeleton variant="rounded" height={80} />
        ) : (
          <>
            <FormGroup>
              <FormControlLabel
                label={t.profileVisible}
                control={
                  <Switch
                    checked={value.privacy.profileVisible}
                    onChange={(_, on) =>
                      setDraft({ ...value, privacy: { ...value.privacy, profileVisible: on } })
                    }
                  />
                }
              />
              <FormControlLabel
                label={t.dataSharing}
                control={
                  <Switch
                    checked={value.privacy.dataSharing}
                    onChange={(_, on) =>
                      setDraft({ ...value, privacy: { ...value.privacy, dataSharing: on } })
                    }
                  />
                }
              />
            </FormGroup>
            <Box sx={{ mt: 2 }}>
              <Button
                variant="contained"
                disabled={saving}
                onClick={() => void save({ privacy: value.privacy })}
              >
                {t.saveSettings}
              </Button>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
