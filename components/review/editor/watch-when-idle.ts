import type { UseFormReturn } from 'react-hook-form';
import type { FormValues } from '@/lib/review/form-values';

/**
 * Calls `run` after edits to the form, once the keystroke has painted and the browser is idle
 * (at most 150 ms later), coalescing a burst of fast typing into one call: work that reads the
 * whole document never delays the input. Returns the unsubscribe, for an effect's cleanup.
 */
export function watchWhenIdle(form: UseFormReturn<FormValues>, run: () => void): () => void {
  let pending: number | null = null;
  const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1));
  const cancel = window.cancelIdleCallback ?? window.clearTimeout;
  const sub = form.watch(() => {
    if (pending !== null) return;
    pending = idle(
      () => {
        pending = null;
        run();
      },
      { timeout: 150 },
    );
  });
  return () => {
    sub.unsubscribe();
    if (pending !== null) cancel(pending);
  };
}
