import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link } from '@tanstack/react-router';

/**
 * A plain router anchor for MUI's `component` prop (list items, bottom-bar actions): the menus hold
 * runtime paths, so `to` is a string here rather than the router's typed union.
 */
export const RouterListItem = forwardRef<
  HTMLAnchorElement,
  AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }
>(function RouterListItem({ to, ...rest }, ref) {
  return <Link ref={ref} to={to} {...rest} />;
});
