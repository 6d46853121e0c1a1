import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { JSX } from 'react';
import type { Property } from '@casa/shared-schema';

/** Stub until helper "list" lands the property form (create and edit); the signature is the real one's. */
export function PropertyFormDialog(props: {
  open: boolean;
  onClose: () => void;
  property?: Property;
  ownerClientId?: string;
  onSaved?: (id: string) => void;
}): JSX.Element {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="property-form-title">
      <DialogTitle id="property-form-title">{props.property ? 'Editar imóvel' : 'Novo imóvel'}</DialogTitle>
      <DialogContent>
        <Typography>Em construção</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
