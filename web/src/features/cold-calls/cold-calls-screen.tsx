import type { CurrentUser } from '@casa/shared-schema';

import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the screen of spec section 'Cold Calls'. */
export default function ColdCallsScreen(_props: { user: CurrentUser }) {
  return <ScreenArrivesLater title="Cold Calls" />;
}
