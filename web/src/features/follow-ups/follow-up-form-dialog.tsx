import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FollowUp } from '@casa/shared-schema';
import { useFollowUpActions } from './follow-up-actions';
import { emptyFollowUpForm, followUpToForm, formToFollowUpPayload } from './follow-up-form.logic';
import { FollowUpForm } from './follow-up-form';
import { useCompactDialog } from './use-compact-dialog';

type Props =
  | { mode: 'create'; clientId?: string; onClose: () => void }
  | { mode: 'edit'; followUp: FollowUp; onClose: () => void };

/** 'Novo Follow-up' (?action=create[&client=]) and 'Editar Follow-up' (?edit=) of /followups. */
export function FollowUpFormDialog(props: Props) {
  const compact = useCompactDialog();
  const actions = useFollowUpActions();
  const initial =
    props.mode === 'create' ? emptyFollowUpForm(props.clientId) : followUpToForm(props.followUp);
  const title = props.mode === 'create' ? 'Novo Follow-up' : 'Editar Follow-up';

  return (
    <Dialog
      open
      onClose={props.onClose}
      fullScreen={compact}
      fullWidth
      maxWidth="sm"
      aria-labelledby="follow-up-dialog-title"
    >
      <DialogTitle id="follow-up-dialog-title">{title}</DialogTitle>
      <FollowUpForm
        mode={props.mode}
        initial={initial}
        onCancel={props.onClose}
        onSubmit={async (values) => {
          const payload = formToFollowUpPayload(values);
          const saved =
            props.mode === 'create'
              ? await actions.create(payload)
              : await actions.update(props.followUp.id, payload);
          if (saved) props.onClose();
          return saved;
        }}
        layout={({ fields, actions: buttons }) => (
          <>
            <DialogContent>{fields}</DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>{buttons}</DialogActions>
          </>
        )}
      />
    </Dialog>
  );
}
