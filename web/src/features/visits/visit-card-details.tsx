import { Stack } from '@mui/material';
import type { FollowUp } from '@casa/shared-schema';
import { VisitFeedbackSummary } from './visit-feedback-summary';
import { VisitPropertyLink } from './visit-property-link';

/** What a follow-up card adds for a visit: its property (reference, link) and the recorded feedback. */
export function VisitCardDetails({
  followUp,
}: {
  followUp: Pick<FollowUp, 'propertyId' | 'visitInterest' | 'visitPriceOpinion' | 'visitFeedback'>;
}) {
  if (!followUp.propertyId && !followUp.visitInterest && !followUp.visitFeedback) return null;
  return (
    <Stack spacing={0.75}>
      {followUp.propertyId && <VisitPropertyLink propertyId={followUp.propertyId} />}
      <VisitFeedbackSummary visit={followUp} />
    </Stack>
  );
}
