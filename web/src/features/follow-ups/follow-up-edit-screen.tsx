import type { CurrentUser } from '@casa/shared-schema';

import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the screen of spec section 'Follow-up'. */
export default function FollowUpEditScreen(_props: { user: CurrentUser; id: string }) {
  return <ScreenArrivesLater title="Follow-up" />;
}
