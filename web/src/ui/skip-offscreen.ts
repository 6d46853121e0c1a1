/**
 * The style of one row of a long list that is not virtualized (the follow-up cards, the notifications):
 * the browser skips its style, layout and paint while it is off screen (`content-visibility: auto`),
 * keeping it in the page, the accessibility tree and find-in-page. Each step of a list drawn in steps
 * (lib/drawn-in-steps.tsx) restyled and laid out every card it added, on screen or not: 15–58 ms a frame
 * at 1× on a first visit of /followups, the largest share of its blocking time (issue 19,
 * scripts/bench/README.md stop 39). `estimatePx` holds the row's place until it is first drawn (`auto`:
 * from then on its last drawn height), so the scroll bar does not jump.
 */
export function skipOffscreen(estimatePx: number) {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatePx}px` } as const;
}
