import { useState } from 'react';
import { errorMessages, type UserSettings, type UserSettingsUpdate } from '@casa/shared-schema';
import { useLoad } from '../../lib/use-load';
import { useToast } from '../../ui/toast-provider';
import { userSettings } from './user-settings.api';
import { storeCompactMode } from '../../app/density';

/** Loaded user settings plus a local draft; saving writes them and reloads the page (docs/product.md#accounts). */
export function useSettingsDraft(userId: string) {
  const toast = useToast();
  const loaded = useLoad(() => userSettings.load(), userId);
  const [draft, setDraft] = useState<UserSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const value = draft ?? loaded.data ?? null;

  const save = async (patch: UserSettingsUpdate) => {
    setSaving(true);
    try {
      await userSettings.save(patch);
      // The reload paints with the device's copy of the density, so it must hold the saved choice.
      if (patch.appearance?.compactMode !== undefined) storeCompactMode(patch.appearance.compactMode);
      window.location.reload();
    } catch {
      toast({ title: errorMessages.settingsSaveFailed, variant: 'destructive' });
      setSaving(false);
    }
  };

  return { loading: loaded.loading, value, setDraft, saving, save };
}
