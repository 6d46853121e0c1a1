import type { CurrentUser } from '@casa/shared-schema';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the SaaS admin panel of spec 2 §2. */
export default function SaasAdminPanel(_props: { user: CurrentUser }) {
  return <ScreenArrivesLater title="Administração SaaS" />;
}
