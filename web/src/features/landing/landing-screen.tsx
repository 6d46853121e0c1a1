import { lazy, Suspense, useState } from 'react';
import { Box } from '@mui/material';
import type { BillingCycle, PlanId } from '@casa/shared-schema';
import { InstallBanner } from '../../app/pwa/install-banner';
import { LandingFeatures } from './landing-features';
import { LandingCallToAction, LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingPricing } from './landing-pricing';

// The form, its validation and the sign-up calls load only when a visitor opens the dialog.
const SubscribeDialog = lazy(() => import('../signup/subscribe-dialog'));

type Opening = { key: number; planId: PlanId; billingCycle: BillingCycle; open: boolean };

/** '/' for visitors (docs/product.md#sign-up): header, hero, features, pricing, call to action, footer. */
export function LandingScreen() {
  const [dialog, setDialog] = useState<Opening | null>(null);
  const openDialog = (planId: PlanId, billingCycle: BillingCycle) =>
    setDialog((d) => ({ key: (d?.key ?? 0) + 1, planId, billingCycle, open: true }));
  const startTrial = () => openDialog('org-professional', 'monthly');

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <LandingHeader />
      <Box component="main">
        <LandingHero onStartTrial={startTrial} />
        <LandingFeatures />
        <LandingPricing onSubscribe={openDialog} />
        <LandingCallToAction onStartTrial={startTrial} />
      </Box>
      <LandingFooter />
      <InstallBanner />
      {dialog && (
        <Suspense fallback={null}>
          <SubscribeDialog
            key={dialog.key}
            open={dialog.open}
            preset={{ planId: dialog.planId, billingCycle: dialog.billingCycle }}
            onClose={() => setDialog((d) => d && { ...d, open: false })}
          />
        </Suspense>
      )}
    </Box>
  );
}
