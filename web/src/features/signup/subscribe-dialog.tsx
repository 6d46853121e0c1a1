import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { BillingCycle, PlanId, Signup, SignupType } from '@casa/shared-schema';
import { api } from '../../lib/api';
import { OfflineNotice } from '../../ui/offline-notice';
import { useToast } from '../../ui/toast-provider';
import { audienceOfPlan, planCards } from '../landing/pricing.logic';
import { AgencyForm } from './agency-form';
import { IndividualForm } from './individual-form';
import { PlanChoice } from './plan-choice';
import { SignupProgress, type ProgressState } from './signup-progress';
import { createSignupRunner, type JoinedOrganization } from './signup-runner';
import { signupResultText, signupTexts as t } from './signup.texts';
import { useOnline } from '../../lib/use-online';

export type SubscribePreset = { planId: PlanId; billingCycle: BillingCycle };

/** Page-lifetime runner: an unfinished sign-up survives closing and reopening the dialog. */
const runSignup = createSignupRunner(api);
const REDIRECT_DELAY_MS = 4000;

const TYPE_LABELS: Record<SignupType, string> = { organization: 'Agência', individual: 'Agente Individual' };

function recommendedPlan(type: SignupType): PlanId {
  const cards = planCards(type, 'monthly');
  return (cards.find((c) => c.recommended) ?? cards[0])!.id;
}

/**
 * Subscribe dialog (docs/product.md#sign-up): sign-up data, three sequential steps, alert, /login. The
 * preset is read when it mounts: give it a new key for each opening.
 */
export default function SubscribeDialog({
  open,
  preset,
  onClose,
}: {
  open: boolean;
  preset: SubscribePreset;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const toast = useToast();
  const online = useOnline();
  const formId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  const [planId, setPlanId] = useState<PlanId>(preset.planId);
  const [cycle, setCycle] = useState<BillingCycle>(preset.billingCycle);
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Step 1 joined the organization that claims the email's domain (no steps 2 and 3). */
  const [joined, setJoined] = useState<JoinedOrganization | null>(null);
  const type = audienceOfPlan(planId);
  const running = progress?.status === 'running';
  const done = progress?.status === 'done' || joined !== null;
  // Awaiting approval: nothing to log in to yet, so no trip to /login.
  const canLogIn = done && !joined?.pendingApproval;
  const result = signupResultText(joined ?? undefined);

  // The success alert stays on /login as a toast (shown only then: on a phone it would cover the dialog).
  const goToLogin = useCallback(() => {
    toast({ title: result.title, description: result.text, variant: 'success' });
    void navigate({ to: '/login' });
  }, [navigate, toast, result.title, result.text]);

  useEffect(() => {
    if (!canLogIn) return;
    const timer = window.setTimeout(goToLogin, REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [canLogIn, goToLogin]);

  const submit = async (input: Signup) => {
    setError(null);
    // The progress and any error sit on top of the (possibly scrolled) form.
    contentRef.current?.scrollTo({ top: 0 });
    const outcome = await runSignup(input, (step) => setProgress({ step, status: 'running' }));
    if (!outcome.ok) {
      setProgress({ step: outcome.failedStep, status: 'failed' });
      setError(outcome.message);
      return;
    }
    if (outcome.joined) {
      setProgress(null);
      setJoined(outcome.joined);
      return;
    }
    setProgress({ step: 'subscription', status: 'done' });
  };

  const plan = { planId, billingCycle: cycle };
  const close = () => {
    if (running) return;
    if (canLogIn) goToLogin();
    else onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby={`${formId}-title`}
    >
      <DialogTitle id={`${formId}-title`} sx={{ fontWeight: 700 }}>
        {t.dialogTitle}
      </DialogTitle>
      <DialogContent dividers ref={contentRef}>
        {progress && (
          <Box sx={{ mb: 3 }}>
            <SignupProgress state={progress} />
          </Box>
        )}
        {error && !running && (
          <Alert severity="error" role="alert" sx={{ mb: 2.5 }} data-testid="signup-error">
            {error}
          </Alert>
        )}
        {done ? (
          <Alert
            severity={joined?.pendingApproval ? 'info' : 'success'}
            role="alert"
            data-testid={joined ? 'signup-joined' : 'signup-success'}
          >
            <AlertTitle>{result.title}</AlertTitle>
            {result.text}
          </Alert>
        ) : (
          <Stack spacing={2.5}>
            <Typography variant="body2" color="textSecondary">
              {t.trialNote}
            </Typography>
            {!online && <OfflineNotice detail={t.offline} testId="signup-offline" />}
            <Tabs
              value={type}
              onChange={(_, next: SignupType) => setPlanId(recommendedPlan(next))}
              variant="fullWidth"
              aria-label="Tipo de conta"
            >
              {(['organization', 'individual'] as const).map((value) => (
                <Tab key={value} value={value} label={TYPE_LABELS[value]} disabled={running} />
              ))}
            </Tabs>
            <PlanChoice
              type={type}
              planId={planId}
              cycle={cycle}
              disabled={running}
              onPlan={setPlanId}
              onCycle={setCycle}
            />
            <Box>
              {type === 'organization' ? (
                <AgencyForm
                  formId={formId}
                  disabled={running}
                  onValid={(v) => void submit({ ...v, ...plan, type: 'organization' })}
                />
              ) : (
                <IndividualForm
                  formId={formId}
                  disabled={running}
                  onValid={(v) => void submit({ ...v, ...plan, type: 'individual' })}
                />
              )}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {done ? (
          <Button variant="contained" onClick={close}>
            {canLogIn ? t.goToLogin : t.close}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={running}>
              Cancelar
            </Button>
            <Button type="submit" form={formId} variant="contained" disabled={running || !online}>
              {running ? t.running : error ? t.retry : t.submit}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
