/**
 * A page's first `Intl.NumberFormat` loads ICU's number data: 11–25 ms on a desktop CPU (more on a phone), all
 * inside the one task that asks first. Left to MUI's pt-PT locale, which builds its formatter when the theme's
 * stage is evaluated, it made that stage the one task over 50 ms of a first visit at 50,000 clients (issue 19,
 * docs/decisions.md). `main.tsx` asks here, in a task of its own while the start's chunks download; every later
 * format of the page (MUI's, the dashboard's figures) finds the data loaded.
 */
export function warmUpNumberFormat(): void {
  new Intl.NumberFormat('pt-PT').format(0);
}
