import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Box, InputBase, useMediaQuery } from '@mui/material';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';

/** The search box's placeholder, and the short one for phones, where the box is ~100 px wide beside the icons. */
export const SEARCH_PLACEHOLDER = 'Pesquisar clientes...';
export const SEARCH_PLACEHOLDER_SHORT = 'Pesquisar...';
/** The super admin has no clients: the box searches the users of every organization. */
export const USER_SEARCH_PLACEHOLDER = 'Pesquisar utilizadores...';
const NARROW_QUERY = '(max-width: 479.95px)';

/**
 * Header search: Enter goes to /search?q= with the trimmed text (the super admin: the SaaS panel's
 * Utilizadores filtered by it); blank text does nothing.
 */
export function HeaderSearch({ users = false }: { users?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const narrow = useMediaQuery(NARROW_QUERY, { noSsr: true });
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        if (!q) return;
        if (users) void navigate({ to: '/saas-admin', search: { q }, hash: 'users' });
        else void navigate({ to: '/search', search: { q } });
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        height: 40,
        borderRadius: 5,
        bgcolor: 'action.hover',
        flex: '1 1 auto',
        minWidth: 0,
        maxWidth: 420,
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <SearchRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
      <InputBase
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={narrow ? SEARCH_PLACEHOLDER_SHORT : users ? USER_SEARCH_PLACEHOLDER : SEARCH_PLACEHOLDER}
        inputProps={{
          'aria-label': users ? 'Pesquisar utilizadores' : 'Pesquisar clientes',
          enterKeyHint: 'search',
        }}
        type="search"
        sx={{ flex: 1, minWidth: 0, fontSize: 15 }}
      />
    </Box>
  );
}
