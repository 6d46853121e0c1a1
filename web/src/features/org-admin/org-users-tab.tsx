import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import PersonAddRoundedIcon from '@mui/icons-material/PersonAddRounded';
import { atUserLimit, userLimit, usersOfLimitText } from './org-admin.logic';
import { orgAdminTexts as t } from './org-admin.texts';
import { UsersTable, type UserActions } from './users-table';
import type { OrgAdminData } from './use-org-admin-data';

/** Utilizadores: the package's user limit ('N de M utilizadores'), enforced on the add button, and the table. */
export function OrgUsersTab({
  data,
  meId,
  now,
  onAdd,
  ...actions
}: UserActions & { data: OrgAdminData; meId: string; now: Date; onAdd: () => void }) {
  const limit = userLimit(data.organization.maxUsers);
  const count = data.users.length;
  const full = atUserLimit(count, limit);
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {t.users.heading}
          </Typography>
          <Typography color="textSecondary" data-testid="user-limit">
            {usersOfLimitText(count, limit)}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<PersonAddRoundedIcon />}
          onClick={onAdd}
          disabled={full}
          aria-describedby={full ? 'org-user-limit-reached' : undefined}
        >
          {t.users.add}
        </Button>
      </Stack>
      {full && (
        <Alert severity="info" id="org-user-limit-reached" data-testid="user-limit-reached">
          {t.users.limitReached}
        </Alert>
      )}
      {count === 0 ? (
        <Typography color="textSecondary">{t.users.empty}</Typography>
      ) : (
        <UsersTable users={data.users} meId={meId} now={now} {...actions} />
      )}
    </Stack>
  );
}
