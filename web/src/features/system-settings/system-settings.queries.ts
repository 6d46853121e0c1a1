import type { SystemSettingsUpdate } from '@casa/shared-schema';
import { errorMessages } from '@casa/shared-schema/values';
import { useLoad } from '../../lib/use-load';
import { useToast } from '../../ui/toast-provider';
import { serverMessage } from '../../lib/server-message';
import { loadSystemSettings, saveSystemSettings } from './system-settings.api';

/** The system settings and their save (applied by the server, toasted), shared by /settings and the SaaS admin. */
export function useSystemSettings(key: string) {
  const settings = useLoad(() => loadSystemSettings(), key);
  const toast = useToast();
  const save = async (patch: SystemSettingsUpdate) => {
    try {
      settings.setData(await saveSystemSettings(patch));
      toast({ title: errorMessages.settingsSaved, variant: 'success' });
    } catch (error) {
      toast({ title: serverMessage(error, errorMessages.settingsSaveError), variant: 'destructive' });
    }
  };
  return { settings, save };
}
