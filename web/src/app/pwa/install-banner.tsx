import { Box, Button, IconButton, Paper, Stack, Typography } from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import InstallMobileRoundedIcon from '@mui/icons-material/InstallMobileRounded';
import { PRODUCT_NAME } from '../product';
import { BOTTOM_BAR_HEIGHT } from '../shell/breakpoints';
import { installTexts as t } from './install-logic';
import { useInstallPrompt } from './use-install-prompt';

function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Install banner (docs/product.md#shell): 2 s after installability, 'Instalar' / 'Mais tarde' (remembered).
 * `held`: not now (the first sync's notice holds the same place); it shows once released.
 */
export function InstallBanner({
  aboveBottomBar = false,
  held = false,
}: {
  aboveBottomBar?: boolean;
  held?: boolean;
}) {
  const install = useInstallPrompt();
  if (!install.visible || held) return null;
  return (
    <Paper
      role="region"
      aria-label={t.title(PRODUCT_NAME)}
      elevation={6}
      data-testid="install-banner"
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        left: 12,
        right: 12,
        bottom: aboveBottomBar ? BOTTOM_BAR_HEIGHT + 12 : 16,
        mx: 'auto',
        maxWidth: 440,
        p: 2,
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <InstallMobileRoundedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {t.title(PRODUCT_NAME)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t.description}
          </Typography>
          {install.showHelp && install.platform === 'ios' && <Steps title={t.iosTitle} steps={t.iosSteps} />}
          {install.showHelp && install.platform === 'android' && (
            <Steps title={t.androidTitle} steps={t.androidSteps} />
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
            <Button onClick={install.dismiss}>{t.later}</Button>
            {install.canPrompt && (
              <Button variant="contained" onClick={() => void install.install()}>
                {t.install}
              </Button>
            )}
          </Stack>
        </Box>
        <IconButton aria-label={t.close} size="small" onClick={install.dismiss} sx={{ mt: -0.5, mr: -0.5 }}>
          <CloseRoundedIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}
