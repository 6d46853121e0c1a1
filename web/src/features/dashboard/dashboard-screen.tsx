import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { roleLabel, type CurrentUser } from '@casa/shared-schema';
import { greetingName } from '../auth/user-display';

/** Placeholder of the dashboard (spec 1 §2): the greeting stays, the body is replaced. */
export default function DashboardScreen({ user }: { user: CurrentUser }) {
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
        >
          Olá, {greetingName(user)}!
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip label={roleLabel(user.role)} color="primary" size="small" data-testid="role-label" />
          {user.organizationName && (
            <Typography variant="body2" color="text.secondary">
              {user.organizationName}
            </Typography>
          )}
        </Stack>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            Bem-vindo ao Casa CRM
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Aqui vai encontrar os seus clientes, follow-ups e cold calls do dia.
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
