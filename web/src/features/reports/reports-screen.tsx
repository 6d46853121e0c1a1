import type { CurrentUser } from '@casa/shared-schema';

import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the screen of spec section 'Relatórios'. */
export default function ReportsScreen(_props: { user: CurrentUser }) {
  return <ScreenArrivesLater title="Relatórios" />;
}
