import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import { api } from '../../lib/api';
import { NEEDS_CONNECTION, NeedsConnection } from '../../ui/needs-connection';
import { useOnline } from '../../lib/use-online';
import {
  browserPushAvailability,
  browserPushEnvironment,
  requestPushPermission,
} from '../notifications/push-browser.api';
import type { PushAvailability } from '../notifications/push-availability.logic';
import { registerPushOnce } from '../notifications/push-registration.actions';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.pushDevice;

/**
 * Push on this device: the permission is asked only from this button (a user gesture, which iOS
 * requires); once granted the device registers at once.
 */
export function PushDeviceControl({ userId }: { userId: string }) {
  const [state, setState] = useState<PushAvailability>(browserPushAvailability);
  const [asking, setAsking] = useState(false);
  const online = useOnline();

  const enable = async () => {
    setAsking(true);
    try {
      const permission = await requestPushPermission();
      setState(permission);
      if (permission === 'granted') await registerPushOnce(userId, browserPushEnvironment(), api);
    } catch (error) {
      console.error(error);
    } finally {
      setAsking(false);
    }
  };

  switch (state) {
    case 'default':
      if (!online) return <NeedsConnection text={NEEDS_CONNECTION.pushDevice} />;
      return (
        <Button
          variant="outlined"
          startIcon={<NotificationsActiveRoundedIcon />}
          disabled={asking}
          onClick={() => void enable()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t.enable}
        </Button>
      );
    case 'granted':
      return (
        <Alert severity="success" data-testid="push-device-state">
          {t.enabled}
        </Alert>
      );
    case 'denied':
      return (
        <Alert severity="warning" data-testid="push-device-state">
          {t.denied}
        </Alert>
      );
    case 'install-first':
      return (
        <Alert severity="info" data-testid="push-device-state">
          {t.installFirst}
        </Alert>
      );
    case 'unsupported':
      return (
        <Alert severity="info" data-testid="push-device-state">
          {t.unsupported}
        </Alert>
      );
  }
}
