import { useState } from 'react';
import { Box, Button, List, Skeleton, Stack, Typography } from '@mui/material';
import RateReviewRoundedIcon from '@mui/icons-material/RateReviewRounded';
import type { FollowUp } from '@casa/shared-schema';
import { useSyncClient } from '../../data/sync-provider';
import { usePermissions } from '../auth/permissions.queries';
import { VisitFeedbackDialog } from './visit-feedback-dialog';
import { VisitListItem } from './visit-list-item';
import { canRecordFeedback, formatAverageInterest, visitStats } from './visits.logic';
import { usePropertyVisits } from './visits.queries';

/** A property's visits: how many, the mean interest, and each visit with its feedback. */
export function PropertyVisits({ propertyId }: { propertyId: string }): React.JSX.Element {
  const sync = useSyncClient();
  const items = usePropertyVisits(sync?.db, propertyId);
  const can = usePermissions();
  // The list re-renders with the replica; 'now' is read at that time.
  const now = new Date();
  const [feedbackOf, setFeedbackOf] = useState<FollowUp | null>(null);
  const stats = visitStats((items ?? []).map((i) => i.visit));

  return (
    <Box component="section" aria-labelledby="property-visits-title" data-testid="property-visits">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="property-visits-title" variant="h6" component="h3" sx={{ fontWeight: 600 }}>
          Visitas
        </Typography>
        <Typography color="textSecondary" data-testid="property-visit-stats">
          {stats.count === 1 ? '1 visita' : `${stats.count} visitas`}
          {' · '}interesse médio {formatAverageInterest(stats.averageInterest)}
          {stats.averageInterest !== null ? ' / 5' : ''}
        </Typography>
      </Stack>
      {items === undefined ? (
        <Skeleton variant="rounded" height={64} />
      ) : items.length === 0 ? (
        <Typography color="textSecondary">Ainda não há visitas a este imóvel.</Typography>
      ) : (
        <List disablePadding>
          {items.map(({ visit, buyerName, agentName }, i) => (
            <VisitListItem
              key={visit.id}
              visit={visit}
              divider={i < items.length - 1}
              testId="property-visit"
              heading={<Typography sx={{ fontWeight: 600 }}>{buyerName ?? '—'}</Typography>}
              detail={
                agentName && (
                  <Typography variant="caption" color="textSecondary" component="div">
                    Agente: {agentName}
                  </Typography>
                )
              }
              actions={
                can.canEdit &&
                canRecordFeedback(visit, now) && (
                  <Button
                    size="small"
                    startIcon={<RateReviewRoundedIcon />}
                    onClick={() => setFeedbackOf(visit)}
                    sx={{ mt: 0.5, ml: -0.5 }}
                  >
                    {visit.visitInterest ? 'Editar feedback' : 'Registar feedback'}
                  </Button>
                )
              }
            />
          ))}
        </List>
      )}
      <VisitFeedbackDialog visit={feedbackOf} onClose={() => setFeedbackOf(null)} />
    </Box>
  );
}
