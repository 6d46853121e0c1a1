import { forwardRef } from 'react';
import { createLink } from '@tanstack/react-router';
import { Button, Link as MuiLink, type ButtonProps, type LinkProps } from '@mui/material';

/** MUI link and button that navigate with TanStack Router (typed `to`, no full page load). */
export const RouterLink = createLink(
  forwardRef<HTMLAnchorElement, LinkProps>(function RouterLinkBase(props, ref) {
    return <MuiLink ref={ref} {...props} />;
  }),
);

export const RouterButton = createLink(
  forwardRef<HTMLAnchorElement, ButtonProps<'a'>>(function RouterButtonBase(props, ref) {
    return <Button component="a" ref={ref} {...props} />;
  }),
);
