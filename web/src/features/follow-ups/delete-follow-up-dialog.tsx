import type { FollowUp } from '@casa/shared-schema';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useFollowUpActions } from './follow-up-actions';

type Props = { followUp: Pick<FollowUp, 'id' | 'title'> | null; onClose: () => void };

/** Confirmation before removing a follow-up (needs canDelete). */
export function DeleteFollowUpDialog({ followUp, onClose }: Props) {
  const actions = useFollowUpActions();
  return (
    <ConfirmDialog
      open={followUp !== null}
      title="Remover follow-up"
      confirmLabel="Remover"
      onClose={onClose}
      onConfirm={async () => {
        if (followUp && (await actions.remove(followUp.id))) onClose();
      }}
    >
      Tem a certeza de que pretende remover o follow-up «{followUp?.title}»? Esta ação é irreversível.
    </ConfirmDialog>
  );
}
