import { memo } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CakeRoundedIcon from '@mui/icons-material/CakeRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { Client } from '@casa/shared-schema';
import {
  DEFAULT_TAG_COLOR,
  formatDate,
  isBirthdayToday,
  notesPreview,
  tagNameKey,
} from '@casa/shared-schema/values';
import { RouterButton } from '../../ui/router-link';
import { ClientTypeChip, StarRating, TagChip } from './client-visuals';

export type ClientCardProps = {
  client: Client;
  tagColors: ReadonlyMap<string, string>;
  /** Only for admins (docs/product.md#roles); undefined hides the line. */
  agentName?: string;
  canEdit: boolean;
  canDelete: boolean;
  onHistory: (client: Client) => void;
  onDelete: (client: Client) => void;
};

function Line({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
        {children}
      </Typography>
    </Stack>
  );
}

const iconSx = { fontSize: 18 } as const;

/** One client of the /clients list (docs/product.md#clients). */
export const ClientCard = memo(function ClientCard({
  client,
  tagColors,
  agentName,
  canEdit,
  canDelete,
  onHistory,
  onDelete,
}: ClientCardProps) {
  const preview = notesPreview(client.notes);
  const birthdayToday = isBirthdayToday(client.birthday);
  return (
    <Card
      variant="outlined"
      data-testid="client-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h6"
              component="h2"
              sx={{ fontWeight: 600, lineHeight: 1.3, wordBreak: 'break-word' }}
            >
              {client.name}
            </Typography>
            <StarRating value={client.rating ?? 0} />
          </Box>
          <ClientTypeChip type={client.type} />
        </Stack>
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          {client.email && <Line icon={<EmailOutlinedIcon sx={iconSx} />}>{client.email}</Line>}
          {client.phone && <Line icon={<PhoneOutlinedIcon sx={iconSx} />}>{client.phone}</Line>}
          {preview && (
            <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="client-summary">
              {preview}
            </Typography>
          )}
          {client.tags.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, pt: 0.5 }}>
              {client.tags.map((name) => (
                <TagChip
                  key={name}
                  name={name}
                  tagColor={tagColors.get(tagNameKey(name)) ?? DEFAULT_TAG_COLOR}
                />
              ))}
            </Stack>
          )}
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, pt: 0.5 }}>
            <Line icon={<EventRoundedIcon sx={iconSx} />}>Criado em {formatDate(client.createdAt)}</Line>
            {agentName && <Line icon={<PersonOutlineRoundedIcon sx={iconSx} />}>Agente: {agentName}</Line>}
            {client.birthday && (
              <Line icon={<CakeRoundedIcon sx={iconSx} />}>Aniversário: {formatDate(client.birthday)}</Line>
            )}
            {birthdayToday && <Chip size="small" color="warning" label="Faz anos hoje" />}
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 1.5, pt: 0 }}>
        <RouterButton
          to="/clients"
          search={{ view: client.id }}
          size="small"
          variant="outlined"
          startIcon={<VisibilityOutlinedIcon />}
        >
          Ver
        </RouterButton>
        <Button
          size="small"
          variant="outlined"
          startIcon={<HistoryRoundedIcon />}
          onClick={() => onHistory(client)}
        >
          Histórico
        </Button>
        {canEdit && (
          <RouterButton
            to="/followups"
            search={{ client: client.id, action: 'create' }}
            size="small"
            variant="outlined"
            startIcon={<EventRoundedIcon />}
          >
            Follow-up
          </RouterButton>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {canDelete && (
          <Tooltip title="Remover cliente">
            <IconButton
              size="small"
              color="error"
              aria-label={`Remover ${client.name}`}
              onClick={() => onDelete(client)}
            >
              <DeleteOutlineRoundedIcon />
            </IconButton>
          </Tooltip>
        )}
      </CardActions>
    </Card>
  );
});
