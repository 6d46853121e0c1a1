import {
  Box,
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
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import DeleteRoundedIcon from '@mui/icons-material/DeleteRounded';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import type { User } from '@casa/shared-schema';
import { formatDate } from '@casa/shared-schema/values';
import { isSelf, lastLoginText, userDisplayName, userRoleLabel, userStatusText } from './org-admin.logic';
import { orgAdminTexts as t } from './org-admin.texts';

export type UserActions = {
  onEdit: (user: User) => void;
  onToggleStatus: (user: User) => void;
  onRemove: (user: User) => void;
};

type Props = UserActions & { users: User[]; meId: string; now: Date };

const STATUS_COLOR = { active: 'success', suspended: 'error', inactive: 'default' } as const;

function StatusChip({ user }: { user: User }) {
  return (
    <Chip size="small" label={userStatusText(user)} color={STATUS_COLOR[user.status]} variant="outlined" />
  );
}

function ActionButtons({
  user,
  meId,
  onEdit,
  onToggleStatus,
  onRemove,
}: UserActions & { user: User; meId: string }) {
  const name = userDisplayName(user);
  const self = isSelf(user, meId);
  // Suspended and inactive (e.g. a sign-up awaiting approval) users are activated; active ones suspended.
  const suspended = user.status !== 'active';
  const toggleLabel = suspended ? t.users.activate : t.users.suspend;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={t.users.edit}>
        <IconButton aria-label={`${t.users.edit} ${name}`} onClick={() => onEdit(user)}>
          <EditRoundedIcon />
        </IconButton>
      </Tooltip>
      {!self && (
        <Tooltip title={toggleLabel}>
          <IconButton
            aria-label={`${toggleLabel} ${name}`}
            color={suspended ? 'success' : 'warning'}
            onClick={() => onToggleStatus(user)}
          >
            {suspended ? <CheckCircleRoundedIcon /> : <BlockRoundedIcon />}
          </IconButton>
        </Tooltip>
      )}
      {!self && (
        <Tooltip title={t.users.remove}>
          <IconButton aria-label={`${t.users.remove} ${name}`} color="error" onClick={() => onRemove(user)}>
            <DeleteRoundedIcon />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

function NameCell({ user, meId }: { user: User; meId: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{userDisplayName(user)}</Typography>
      {isSelf(user, meId) && <Chip size="small" label={t.users.you} />}
    </Stack>
  );
}

/** The users table (docs/product.md#organization-admin); below 600 px each user becomes a card so nothing needs sideways scrolling. */
export function UsersTable({ users, meId, now, ...actions }: Props) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const u = t.users;

  if (phone) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={u.heading}>
        {users.map((user) => (
          <Card component="li" key={user.id} variant="outlined" data-testid="org-user-row">
            <CardContent sx={{ pb: '12px !important' }}>
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <NameCell user={user} meId={meId} />
                  <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Typography>
                </Box>
                <StatusChip user={user} />
              </Stack>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, my: 1 }}
              >
                {[
                  [u.role, userRoleLabel(user.role)],
                  [u.lastLogin, lastLoginText(user.lastLoginAt, now)],
                  [u.createdAt, formatDate(user.createdAt)],
                ].map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="textSecondary">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <ActionButtons user={user} meId={meId} {...actions} />
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Card} sx={{ overflowX: 'auto' }}>
      <Table aria-label={u.heading} size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 200 }}>{u.name}</TableCell>
            <TableCell>{u.email}</TableCell>
            <TableCell>{u.role}</TableCell>
            <TableCell>{u.status}</TableCell>
            <TableCell>{u.lastLogin}</TableCell>
            <TableCell>{u.createdAt}</TableCell>
            <TableCell align="right">{u.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover data-testid="org-user-row">
              <TableCell>
                <NameCell user={user} meId={meId} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
              <TableCell>{userRoleLabel(user.role)}</TableCell>
              <TableCell>
                <StatusChip user={user} />
              </TableCell>
              <TableCell>{lastLoginText(user.lastLoginAt, now)}</TableCell>
              <TableCell>{formatDate(user.createdAt)}</TableCell>
              <TableCell align="right">
                <ActionButtons user={user} meId={meId} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
