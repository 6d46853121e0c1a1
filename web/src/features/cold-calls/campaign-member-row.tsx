import { Box, Button, Chip, IconButton, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import { formatDate, formatDaysAgo } from '@casa/shared-schema/values';
import type { RankedClient } from './cold-calls.logic';
import { ContactLinks } from './contact-links';

export function lastContactText(lastContactDate: string | null): string {
  if (!lastContactDate) return 'Sem contactos anteriores';
  return `Último contacto: ${formatDate(lastContactDate)} (${formatDaysAgo(lastContactDate)})`;
}

/** One client of a campaign list: who, when last contacted, and (for writers) call, log and remove. */
export function CampaignMemberRow({
  member,
  canWrite,
  onLogCall,
  onRemove,
}: {
  member: RankedClient;
  canWrite: boolean;
  onLogCall: () => void;
  onRemove: () => void;
}) {
  const { client } = member;
  return (
    <ListItem divider sx={{ px: 0, alignItems: 'flex-start' }} data-testid="campaign-member">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ width: '100%', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }} data-testid="member-name">
              {client.name}
            </Typography>
            <Chip size="small" label={client.type} variant="outlined" />
          </Stack>
          <Typography variant="body2" color="textSecondary">
            {client.phone || 'Sem telefone'}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {lastContactText(member.lastContactDate)}
          </Typography>
        </Box>
        {canWrite && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <ContactLinks phone={client.phone} name={client.name} />
            <Button size="small" variant="outlined" onClick={onLogCall}>
              Registar chamada
            </Button>
            <Tooltip title="Remover da campanha">
              <IconButton onClick={onRemove} aria-label={`Remover ${client.name} da campanha`}>
                <PersonRemoveRoundedIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Stack>
    </ListItem>
  );
}
