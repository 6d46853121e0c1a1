import type { CurrentUser } from '@casa/shared-schema';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the organization admin of spec 2 §2. */
export default function OrgAdminScreen(_props: { user: CurrentUser }) {
  return <ScreenArrivesLater title="Administração" />;
}
