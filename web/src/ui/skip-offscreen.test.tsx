import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from '@mui/material';
import type { FollowUp, Notification } from '@casa/shared-schema';
import { makeTheme } from '../app/theme';
import { FollowUpCard } from '../features/follow-ups/follow-up-card';
import { NotificationRow } from '../features/notifications/notification-row';

/** The CSS emotion wrote for a rendering (server rendering: inline <style> tags). */
function css(node: React.ReactNode): string {
  const html = renderToString(<ThemeProvider theme={makeTheme()}>{node}</ThemeProvider>);
  return [...html.matchAll(/<style data-emotion="[^"]*">([^<]*)<\/style>/g)].map((m) => m[1]).join('\n');
}

const followUp = {
  id: 'f1',
  clientId: 'c1',
  title: 'Ligar ao cliente',
  type: 'Chamada',
  scheduledDate: '2026-11-29T10:00:00.000Z',
  completed: false,
} as unknown as FollowUp;
const notification = {
  id: 'n1',
  type: 'follow_up_due',
  title: 'Follow-up para hoje',
  message: 'Ligar ao cliente',
  read: false,
  createdAt: '2026-11-29T09:00:00.000Z',
} as unknown as Notification;

// The rows of the two long lists that are drawn whole (not virtualized): off screen, the browser skips
// their style, layout and paint (issue 19; skip-offscreen.ts).
describe('rows of the long lists drawn whole', () => {
  it.each([
    [
      'a follow-up card',
      <FollowUpCard
        key="f"
        followUp={followUp}
        clientName="Ana"
        overdue={false}
        canEdit
        canDelete
        onComplete={() => undefined}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
      200,
    ],
    ['a notification', <NotificationRow key="n" item={notification} onMarkRead={() => undefined} />, 88],
  ])('%s is skipped while off screen, its place held', (_, node, estimate) => {
    const written = css(node);
    expect(written).toContain('content-visibility:auto');
    expect(written).toContain(`contain-intrinsic-size:auto ${estimate}px`);
  });
});
