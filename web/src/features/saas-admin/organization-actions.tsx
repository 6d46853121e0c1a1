import { IconButton, Stack, Tooltip } from '@mui/material';
import AppRegistrationRoundedIcon from '@mui/icons-material/AppRegistrationRounded';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DeleteRoundedIcon from '@mui/icons-material/DeleteRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import type { Organization } from '@casa/shared-schema';

export type OrganizationHandlers = {
  onEdit: (o: Organization) => void;
  onRegistrationSettings: (o: Organization) => void;
  onToggleStatus: (o: Organization) => void;
  onDelete: (o: Organization) => void;
};

function Action({
  label,
  onClick,
  children,
  color,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  color?: 'error' | 'warning' | 'success';
}) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} size="small" color={color}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** Editar, Configurações de Registo, Suspender/Ativar, Eliminar for one organization. */
export function OrganizationActions({
  organization: o,
  handlers,
}: {
  organization: Organization;
  handlers: OrganizationHandlers;
}) {
  const suspended = o.status === 'suspended';
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Action label={`Editar ${o.name}`} onClick={() => handlers.onEdit(o)}>
        <EditRoundedIcon fontSize="small" />
      </Action>
      <Action
        label={`Configurações de Registo de ${o.name}`}
        onClick={() => handlers.onRegistrationSettings(o)}
      >
        <AppRegistrationRoundedIcon fontSize="small" />
      </Action>
      <Action
        label={`${suspended ? 'Ativar' : 'Suspender'} ${o.name}`}
        onClick={() => handlers.onToggleStatus(o)}
        color={suspended ? 'success' : 'warning'}
      >
        {suspended ? <CheckCircleRoundedIcon fontSize="small" /> : <BlockRoundedIcon fontSize="small" />}
      </Action>
      <Action label={`Eliminar ${o.name}`} onClick={() => handlers.onDelete(o)} color="error">
        <DeleteRoundedIcon fontSize="small" />
      </Action>
    </Stack>
  );
}
