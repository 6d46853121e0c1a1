import { Typography } from '@mui/material';
import type { JSX } from 'react';

/** Stub until helper "visits" lands a property's visit history; the signature is the real one's. */
export function PropertyVisits(props: { propertyId: string }): JSX.Element {
  return (
    <Typography color="text.secondary" data-property-id={props.propertyId}>
      Em construção
    </Typography>
  );
}
