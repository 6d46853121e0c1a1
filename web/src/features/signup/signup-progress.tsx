import { Step, StepLabel, Stepper } from '@mui/material';
import { SIGNUP_STEP_LABELS, SIGNUP_STEPS, type SignupStep } from './signup-runner';

export type ProgressState = { step: SignupStep; status: 'running' | 'failed' | 'done' };

/** The three sequential sign-up steps with the current one active (or marked failed). */
export function SignupProgress({ state }: { state: ProgressState }) {
  const active = state.status === 'done' ? SIGNUP_STEPS.length : SIGNUP_STEPS.indexOf(state.step);
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      aria-label="Progresso do registo"
      data-testid="signup-progress"
      sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }}
    >
      {SIGNUP_STEPS.map((step) => (
        <Step key={step}>
          <StepLabel error={state.status === 'failed' && state.step === step}>
            {SIGNUP_STEP_LABELS[step]}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
