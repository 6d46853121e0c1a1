import { ConfirmDialog } from '../../ui/confirm-dialog';
import { orgAdminTexts as t } from './org-admin.texts';

/** Deleting an admin-area user needs confirmation (docs/product.md#organization-admin). */
export function ConfirmRemoveDialog({
  name,
  onConfirm,
  onClose,
}: {
  name: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={t.remove.title}
      confirmLabel={t.remove.confirm}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {t.remove.text(name)}
    </ConfirmDialog>
  );
}
