import { Typography } from '@mui/material';
import type { CurrentUser } from '@casa/shared-schema';
import { ScreenArrivesLater } from '../../ui/screen-arrives-later';

/** Placeholder: replaced by the advanced search of spec 2 §2. */
export default function SearchScreen({ q }: { user: CurrentUser; q?: string }) {
  return (
    <ScreenArrivesLater title="Pesquisa">
      {q && <Typography data-testid="search-query">Pesquisa por: {q}</Typography>}
    </ScreenArrivesLater>
  );
}
