import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { User } from '@casa/shared-schema';
import {
  errorMessages,
  formatDate,
  formatDaysAgo,
  roleLabel,
  USER_STATUS_LABELS,
} from '@casa/shared-schema/values';
import { isProtectedUser, saasUserName } from './saas-users.logic';
import { saasUsersTexts as t } from './saas-users.texts';

export type SaasUserRowActions = {
  onEdit: (user: User) => void;
  onToggleStatus: (user: User) => void;
  onDelete: (user: User) => void;
  /** The user whose status or deletion is being sent (its buttons wait). */
  busyId: string | null;
};

const STATUS_COLOR = { active: 'success', suspended: 'error', inactive: 'default' } as const;

function StatusChip({ user }: { user: User }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={USER_STATUS_LABELS[user.status]}
      color={STATUS_COLOR[user.status]}
    />
  );
}

const lastLogin = (user: User, now: Date) =>
  user.lastLoginAt ? formatDaysAgo(user.lastLoginAt, now) : t.never;

/** Editar for everyone; Suspender/Ativar and Eliminar, or 'Protegido' for a super admin (docs/product.md#saas-admin). */
function RowActions({ user, onEdit, onToggleStatus, onDelete, busyId }: SaasUserRowActions & { user: User }) {
  const name = saasUserName(user);
  const busy = busyId === user.id;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="group"
      aria-label={t.actionsFor(name)}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'nowrap' }}
    >
      <Tooltip title={t.edit}>
        <IconButton aria-label={`${t.edit} ${name}`} onClick={() => onEdit(user)} size="small">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      {isProtectedUser(user) ? (
        <Tooltip title={t.protectedHint} describeChild>
          <Chip
            icon={<LockOutlined />}
            label={errorMessages.protectedLabel}
            size="small"
            data-testid="user-protected"
          />
        </Tooltip>
      ) : (
        <>
          <Button
            size="small"
            variant="outlined"
            color={user.status === 'active' ? 'inherit' : 'success'}
            disabled={busy}
            onClick={() => onToggleStatus(user)}
            aria-label={`${user.status === 'active' ? t.suspend : t.activate} ${name}`}
          >
            {user.status === 'active' ? t.suspend : t.activate}
          </Button>
          <Tooltip title={t.delete}>
            <span>
              <IconButton
                aria-label={`${t.delete} ${name}`}
                onClick={() => onDelete(user)}
                disabled={busy}
                size="small"
                color="error"
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
    </Stack>
  );
}

function UserCard({ user, now, actions }: { user: User; now: Date; actions: SaasUserRowActions }) {
  return (
    <Card variant="outlined" component="li" data-testid="saas-user-row">
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600 }}>
              {saasUserName(user)}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          </Box>
          <StatusChip user={user} />
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {roleLabel(user.role)} · {user.organizationName ?? t.noOrganization}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t.columns.lastLogin}: {lastLogin(user, now)} · {t.columns.created}: {formatDate(user.createdAt)}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <RowActions user={user} {...actions} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** The Utilizadores table; cards below 900 px so a phone or tablet reads every user without scrolling sideways. */
export function SaasUsersTable({ users, actions }: { users: readonly User[]; actions: SaasUserRowActions }) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const now = new Date();
  if (users.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
        {t.empty}
      </Typography>
    );
  }
  if (narrow) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t.title}>
        {users.map((u) => (
          <UserCard key={u.id} user={u} now={now} actions={actions} />
        ))}
      </Stack>
    );
  }
  const c = t.columns;
  return (
    <TableContainer>
      <Table size="small" aria-label={t.title} sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{c.name}</TableCell>
            <TableCell>{c.email}</TableCell>
            <TableCell>{c.organization}</TableCell>
            <TableCell>{c.role}</TableCell>
            <TableCell>{c.status}</TableCell>
            <TableCell>{c.lastLogin}</TableCell>
            <TableCell>{c.created}</TableCell>
            <TableCell align="right">{c.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} hover data-testid="saas-user-row">
              <TableCell sx={{ fontWeight: 600 }}>{saasUserName(u)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{u.email}</TableCell>
              <TableCell>{u.organizationName ?? t.noOrganization}</TableCell>
              <TableCell>{roleLabel(u.role)}</TableCell>
              <TableCell>
                <StatusChip user={u} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastLogin(u, now)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(u.createdAt)}</TableCell>
              <TableCell align="right">
                <RowActions user={u} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
