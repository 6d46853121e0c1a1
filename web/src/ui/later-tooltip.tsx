import { Tooltip, type TooltipProps } from '@mui/material';
import { useLaterMount } from '../lib/later-mount';

/**
 * MUI's Tooltip around `children`, mounted once the first render is on screen (`useLaterMount`); until
 * then the child alone, which names itself (its own aria-label). A Tooltip keeps its child's element in
 * state through a ref: mounted in the frame's first commit, that ref's update re-rendered synchronously
 * and pulled every effect of the commit into the same task (~12 ms at 1× CPU, 50 ms on a phone; issue 19,
 * docs/decisions.md). The hover tooltip waits 700 ms anyway (docs/product.md#shell).
 */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  const mounted = useLaterMount();
  return mounted ? <Tooltip {...props}>{children}</Tooltip> : children;
}
