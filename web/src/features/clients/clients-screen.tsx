import type { CurrentUser } from '@casa/shared-schema';
import type { ClientsSearch } from '../../app/route-search';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the screen of spec section 'Clientes'. */
export default function ClientsScreen(_props: { user: CurrentUser; search: ClientsSearch }) {
  return <ScreenArrivesLater title="Clientes" />;
}
