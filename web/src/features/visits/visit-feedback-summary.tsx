import { Rating, Stack, Typography } from '@mui/material';
import type { FollowUp } from '@casa/shared-schema';

/** A visit's recorded feedback in one or two lines: stars, price opinion, comment. */
export function VisitFeedbackSummary({
  visit,
}: {
  visit: Pick<FollowUp, 'visitInterest' | 'visitPriceOpinion' | 'visitFeedback'>;
}) {
  if (!visit.visitInterest && !visit.visitPriceOpinion && !visit.visitFeedback) return null;
  return (
    <Stack spacing={0.25} data-testid="visit-feedback">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {visit.visitInterest ? (
          <Rating
            value={visit.visitInterest}
            readOnly
            size="small"
            aria-label={`Interesse ${visit.visitInterest} de 5`}
          />
        ) : null}
        {visit.visitPriceOpinion && (
          <Typography variant="body2" color="textSecondary">
            Preço: {visit.visitPriceOpinion}
          </Typography>
        )}
      </Stack>
      {visit.visitFeedback && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {visit.visitFeedback}
        </Typography>
      )}
    </Stack>
  );
}
