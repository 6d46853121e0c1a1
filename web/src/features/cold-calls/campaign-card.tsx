import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { formatDate } from '@casa/shared-schema/values';
import type { CampaignSummary } from './cold-calls.queries';
import { campaignProgress, campaignProgressText, campaignStatusLabel } from './cold-calls.logic';

/** A campaign of the grid: opening it shows its clients; delete only for who may delete. */
export function CampaignCard({
  campaign,
  canDelete,
  onOpen,
  onDelete,
}: {
  campaign: CampaignSummary;
  canDelete: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const progress = campaignProgress(campaign.contactedCount, campaign.memberCount);
  return (
    <Card variant="outlined" sx={{ height: '100%', position: 'relative' }} data-testid="campaign-card">
      <CardActionArea onClick={onOpen} sx={{ height: '100%', alignItems: 'flex-start' }}>
        <CardContent>
          <Stack spacing={1.25}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', pr: canDelete ? 5 : 0 }}>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
                {campaign.name}
              </Typography>
              <Chip
                size="small"
                label={campaignStatusLabel(campaign.status)}
                color={campaign.status === 'active' ? 'success' : 'default'}
              />
            </Stack>
            {campaign.description && (
              <Typography variant="body2" color="textSecondary">
                {campaign.description}
              </Typography>
            )}
            <Box>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                <Typography variant="body2">Progresso</Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {campaignProgressText(campaign.contactedCount, campaign.memberCount)}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label={`Progresso de ${campaign.name}`}
              />
            </Box>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" color="textSecondary">
                {campaign.memberCount} {campaign.memberCount === 1 ? 'cliente' : 'clientes'}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                Criada em {formatDate(campaign.createdAt)}
              </Typography>
            </Stack>
          </Stack>
        </CardContent>
      </CardActionArea>
      {canDelete && (
        <Tooltip title="Eliminar campanha">
          <IconButton
            onClick={onDelete}
            aria-label={`Eliminar campanha ${campaign.name}`}
            sx={{ position: 'absolute', top: 8, right: 8 }}
          >
            <DeleteOutlineRoundedIcon />
          </IconButton>
        </Tooltip>
      )}
    </Card>
  );
}
