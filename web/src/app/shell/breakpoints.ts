/** docs/product.md#shell: the mobile breakpoint is 768 px (narrower is mobile). */
export const MOBILE_BREAKPOINT_PX = 768;
export const WIDE_SCREEN = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const WIDE_SCREEN_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const SIDEBAR_WIDTH = 248;
export const BOTTOM_BAR_HEIGHT = 64;
