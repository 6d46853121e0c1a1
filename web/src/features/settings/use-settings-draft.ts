import { useState } from 'react';
import type { UserSettings, UserSettingsUpdate } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useOwnSettings } from '../../data/own-settings';
import { useSyncClient } from '../../data/sync-provider';
import { useToast } from '../../ui/toast-provider';
import { storeCompactMode } from '../../app/density';

/**
 * The user's settings from the replica plus a local draft; saving queues `updateSettings` (applied on the
 * device at once, sent when there is a connection, offline too) and reloads the page (docs/product.md#accounts).
 */
export function useSettingsDraft(userId: string) {
  const toast = useToast();
  const sync = useSyncClient();
  const loaded = useOwnSettings(userId);
  const [draft, setDraft] = useState<UserSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const value = draft ?? loaded ?? null;

  const save = async (patch: UserSettingsUpdate) => {
    setSaving(true);
    try {
      if (!sync) throw new Error('replica not open');
      await sync.mutate.updateSettings(patch);
      // The reload paints with the device's copy of the density, so it must hold the saved choice (the
      // theme is set from the replica by useUserTheme).
      if (patch.appearance?.compactMode !== undefined) storeCompactMode(patch.appearance.compactMode);
      window.location.reload();
    } catch {
      toast({ title: errorMessages.settingsSaveFailed, variant: 'destructive' });
      setSaving(false);
    }
  };

  return { loading: loaded === undefined, value, setDraft, saving, save };
}
