import type { ReactNode } from 'react';
import { Box, Chip, ListItem, Stack, Typography } from '@mui/material';
import type { FollowUp } from '@casa/shared-schema';
import { formatDateTime } from '@casa/shared-schema/values';
import { VisitFeedbackSummary } from './visit-feedback-summary';

/**
 * One visit in a history list (the property's or the buyer's): who or what (`heading`), Realizada or
 * Agendada, when, then the side's own line (`detail`), the feedback, and the side's actions (`actions`).
 */
export function VisitListItem({
  visit,
  divider,
  heading,
  detail,
  actions,
  testId,
}: {
  visit: FollowUp;
  divider: boolean;
  heading: ReactNode;
  detail?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <ListItem disableGutters divider={divider} sx={{ display: 'block', py: 1.25 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        {heading}
        {visit.completed ? (
          <Chip size="small" color="success" label="Realizada" />
        ) : (
          <Chip size="small" variant="outlined" label="Agendada" />
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" color="textSecondary">
          {formatDateTime(visit.scheduledDate)}
        </Typography>
      </Stack>
      {detail}
      <Box sx={{ mt: 0.5 }}>
        <VisitFeedbackSummary visit={visit} />
      </Box>
      {actions}
    </ListItem>
  );
}
