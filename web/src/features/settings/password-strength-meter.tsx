import { Box, LinearProgress, Typography } from '@mui/material';
import { passwordStrength } from '@casa/shared-schema';
import { settingsTexts as t } from './settings.texts';

const COLORS = ['error', 'error', 'warning', 'warning', 'success', 'success'] as const;

/** Settings strength meter: score 0–6 with the six labels (docs/product.md#accounts). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  const color = COLORS[Math.max(0, score - 1)] ?? 'error';
  return (
    <Box data-testid="password-strength" data-score={score}>
      <LinearProgress
        variant="determinate"
        value={(score / 6) * 100}
        color={color}
        aria-label={t.strength}
        aria-valuetext={`${label} (${score}/6)`}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="textSecondary">
        {t.strength}: {label}
      </Typography>
    </Box>
  );
}
