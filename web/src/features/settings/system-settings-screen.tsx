import type { CurrentUser } from '@casa/shared-schema';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

export default function Screen(_: { user: CurrentUser }) {
  return <ScreenArrivesLater title="TEMP" />;
}
