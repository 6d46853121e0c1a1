import type { CurrentUser } from '@casa/shared-schema';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** /settings for super_admin: 'Configurações do Sistema' (spec 1 §2). Its five tabs come in a later step. */
export default function SystemSettingsScreen(_: { user: CurrentUser }) {
  return <ScreenArrivesLater title="Configurações do Sistema" />;
}
