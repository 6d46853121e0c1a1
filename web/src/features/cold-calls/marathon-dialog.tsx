/**
 * 'Modo Maratona' (spec 1 §2 dashboard, spec 2 cold calls): works through a queue of clients with a
 * phone, most days since last contact first, or a campaign's list. Placeholder until the cold-calls
 * screens land; the dashboard and /coldcalls open it with these props.
 */
export type MarathonDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Work through this campaign's available clients; absent: every client with a phone. */
  campaignId?: string | null;
};

export default function MarathonDialog(_props: MarathonDialogProps) {
  return null;
}
