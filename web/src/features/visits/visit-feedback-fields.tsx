import { Box, FormHelperText, MenuItem, Rating, Stack, TextField, Typography } from '@mui/material';
import type { VisitPriceOpinion } from '@casa/shared-schema';
import { VISIT_PRICE_OPINIONS } from '@casa/shared-schema/values';
import type { FeedbackFormValues } from './visits.logic';

type Props = {
  values: FeedbackFormValues;
  onChange: (patch: Partial<FeedbackFormValues>) => void;
  errors?: Record<string, string>;
  /** In the completion dialog the interest is optional (no feedback at all is fine). */
  optional?: boolean;
};

/** The feedback of a visit: the buyer's interest (1–5 stars), price opinion and comments. */
export function VisitFeedbackFields({ values, onChange, errors = {}, optional }: Props) {
  return (
    <Stack spacing={2}>
      <Box>
        <Typography component="legend" variant="body2" color="textSecondary" id="visit-interest-label">
          Interesse do comprador{optional ? '' : ' *'}
        </Typography>
        <Rating
          name="visit-interest"
          value={values.interest}
          max={5}
          size="large"
          onChange={(_e, value) => onChange({ interest: value })}
          getLabelText={(v) => `${v} de 5`}
          aria-labelledby="visit-interest-label"
        />
        {errors.visitInterest && <FormHelperText error>{errors.visitInterest}</FormHelperText>}
      </Box>
      <TextField
        select
        label="Opinião sobre o preço"
        value={values.priceOpinion}
        onChange={(e) => onChange({ priceOpinion: e.target.value as VisitPriceOpinion | '' })}
        error={Boolean(errors.visitPriceOpinion)}
        helperText={errors.visitPriceOpinion}
      >
        <MenuItem value="">
          <em>Sem opinião</em>
        </MenuItem>
        {VISIT_PRICE_OPINIONS.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Comentários da visita"
        placeholder="O que disse o comprador?"
        value={values.comments}
        onChange={(e) => onChange({ comments: e.target.value })}
        multiline
        minRows={2}
        error={Boolean(errors.visitFeedback)}
        helperText={errors.visitFeedback}
      />
    </Stack>
  );
}
