import type { CurrentUser } from '@casa/shared-schema';
import type { FollowUpsSearch } from '../../app/route-search';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the screen of spec section 'Follow-ups'. */
export default function FollowUpsScreen(_props: { user: CurrentUser; search: FollowUpsSearch }) {
  return <ScreenArrivesLater title="Follow-ups" />;
}
