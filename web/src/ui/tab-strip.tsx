import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ButtonBase, styled, type SxProps, type Theme } from '@mui/material';

/** One tab of a `TabStrip`. */
export type StripTab<K extends string> = {
  key: K;
  label: ReactNode;
  /** Shown after the label, in the tab (a count). */
  after?: ReactNode;
};

const Strip = styled('div')(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  '&.with-divider': { borderBottom: `1px solid ${theme.vars.palette.divider}` },
}));

const Tab = styled(ButtonBase)(({ theme }) => ({
  ...theme.typography.button,
  position: 'relative',
  flexShrink: 0,
  minWidth: 90,
  maxWidth: 360,
  minHeight: 48,
  padding: '12px 16px',
  gap: 8,
  lineHeight: 1.25,
  color: theme.vars.palette.text.secondary,
  '&[aria-selected="true"]': { color: theme.vars.palette.primary.main },
  '&[aria-selected="true"]::after': {
    content: '""',
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    height: 2,
    backgroundColor: theme.vars.palette.primary.main,
  },
  '&.Mui-focusVisible': { backgroundColor: theme.vars.palette.action.focus },
}));

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A row of tabs that filters one list: a `tablist` of buttons, the chosen one marked by a CSS underline, and
 * a row wider than the screen swiped sideways. For the screens a signed-in start opens (/followups,
 * /notifications): MUI's Tabs measures its tabs and sets state in layout effects (the indicator, the scroll
 * buttons) and watches them with observers, and each of those updates re-rendered the screen synchronously
 * inside its first commit (issue 19, docs/decisions.md). Here nothing is measured to draw it. Keyboard as
 * MUI's Tabs and WAI-ARIA's tabs pattern: the arrows, Home and End move the focus, Enter or Space (or a tap)
 * chooses.
 */
export function TabStrip<K extends string>({
  tabs,
  value,
  onChange,
  label,
  divider = true,
  sx,
}: {
  tabs: readonly StripTab<K>[];
  value: K;
  onChange: (next: K) => void;
  /** The tablist's accessible name. */
  label: string;
  /** A line under the whole row (off where the row sits beside other controls). */
  divider?: boolean;
  sx?: SxProps<Theme>;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const chosen = tabs.findIndex((tab) => tab.key === value);
  const mounted = useRef(false);

  // The chosen tab in sight when it changes (a phone's row scrolls); not at mount with the first one chosen,
  // which is in sight already and would cost a layout of the screen in its first commit.
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && chosen <= 0) return;
    const row = strip.current;
    const tab = row?.children[chosen] as HTMLElement | undefined;
    if (!row || !tab) return;
    if (tab.offsetLeft < row.scrollLeft) row.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = tab.offsetLeft + tab.offsetWidth - row.clientWidth;
    }
  }, [chosen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    const row = strip.current;
    if (!step || !row) return;
    const buttons = [...row.children] as HTMLElement[];
    const at = buttons.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    buttons[step(at, buttons.length)]?.focus();
  };

  return (
    <Strip
      ref={strip}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={divider ? 'with-divider' : undefined}
      sx={sx}
    >
      {tabs.map((tab, at) => (
        <Tab
          key={tab.key}
          role="tab"
          aria-selected={at === chosen}
          tabIndex={at === chosen ? 0 : -1}
          onClick={() => tab.key !== value && onChange(tab.key)}
        >
          {tab.label}
          {tab.after}
        </Tab>
      ))}
    </Strip>
  );
}
