import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Every field and button inside is disabled while `readOnly` (a native disabled fieldset): offline, a
 * profile the replica cannot fill completely (a row pulled before it carried the phone and bio) would
 * blank them on the server if saved; the photo needs the network.
 */
export function ReadOnlyWhen({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return children;
  return (
    <Box
      component="fieldset"
      disabled
      data-testid="profile-read-only"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, opacity: 0.75 }}
    >
      {children}
    </Box>
  );
}
