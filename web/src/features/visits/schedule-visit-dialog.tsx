import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { JSX } from 'react';

/** Stub until helper "visits" lands visit scheduling; the signature is the real one's. */
export function ScheduleVisitDialog(props: {
  open: boolean;
  onClose: () => void;
  propertyId: string;
  clientId?: string;
}): JSX.Element {
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="schedule-visit-title">
      <DialogTitle id="schedule-visit-title">Agendar visita</DialogTitle>
      <DialogContent>
        <Typography>Em construção</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Fechar</Button>
      </DialogActions>
    </Dialog>
  );
}
