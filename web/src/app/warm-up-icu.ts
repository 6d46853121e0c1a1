/**
 * A page's first `Intl` formatter loads ICU's data: 35–115 ms on a desktop CPU in a new browser (more on a
 * phone), inside the one main-thread task that asks first; Lighthouse's 4× CPU makes that one task a third
 * of a second of blocking time. The renderer process keeps that data for all its threads, so a worker that
 * asks first leaves the page's first formatters under 2 ms (issue 19, docs/decisions.md). `main.tsx` starts
 * it before the stages and waits for it before the theme's (MUI's pt-PT locale builds a formatter there).
 *
 * Never holds the start for long: no Worker (tests, old browsers), a failing worker or one slower than
 * `limitMs` lets the start go on, and the first formatter then loads the data itself, as before.
 */
export function warmUpIcu(
  limitMs = 400,
  start: () => Pick<Worker, 'onmessage' | 'onerror' | 'terminate'> | null = startWorker,
): Promise<void> {
  let worker: ReturnType<typeof start>;
  try {
    worker = start();
  } catch {
    worker = null;
  }
  if (!worker) return Promise.resolve();
  const running = worker;
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      running.terminate();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    running.onmessage = done;
    running.onerror = done;
  });
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./icu-warm-up.worker.ts', import.meta.url), {
    type: 'module',
    name: 'icu-warm-up',
  });
}
