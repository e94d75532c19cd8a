'use client';

import { focusField } from '@/components/review/editor/focus';
import { type ProblemStore, useProblems } from '@/components/review/editor/problem-store';
import { focusTargetFor } from '@/lib/review/form-model';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Every problem of the entry, each a button to its field. `where` names and places them in
 * the form as it is now (rows may have moved since the problems were found).
 */
export function ProblemSummary({
  store,
  where,
}: {
  store: ProblemStore;
  where: () => { inputs: readonly string[]; labels: Map<string, string>; shown: Set<string> };
}) {
  const problems = useProblems(store);
  if (problems.length === 0) return null;
  const { inputs, labels, shown } = where();
  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const warningCount = problems.length - errorCount;
  return (
    <section aria-labelledby="error-summary" className="rounded-md bg-red-50 p-3 ring-1 ring-red-200">
      <h2 id="error-summary" className="text-sm font-semibold text-red-800">
        {errorCount > 0 && plural(errorCount, 'error')}
        {errorCount > 0 && warningCount > 0 && ', '}
        {warningCount > 0 && plural(warningCount, 'warning')} to check
        <span className="ml-2 text-xs font-normal text-red-700">Alt+↓ / Alt+↑ moves between them</span>
      </h2>
      <ul className="mt-1 max-h-48 space-y-0.5 overflow-auto text-sm">
        {problems.map((p, i) => {
          const target = focusTargetFor(p.path, inputs);
          const label = labels.get(p.path) ?? (p.path === '' ? 'Whole document' : p.path);
          const text = (
            <>
              <span className="font-medium">{label}</span>
              {!shown.has(p.path) && p.path !== '' && !labels.has(p.path) && (
                <span className="text-xs text-red-600"> (not in the form)</span>
              )}
              : {p.message}
              {p.severity === 'warning' && <span className="ml-1 text-xs text-amber-700">(warning)</span>}
            </>
          );
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same message may sit on one path twice
            <li key={i} className={p.severity === 'error' ? 'text-red-800' : 'text-amber-800'}>
              {target ? (
                <button
                  type="button"
                  className="rounded-sm text-left hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
                  onClick={() => focusField(target)}
                  title={p.path || 'the whole document'}
                >
                  {text}
                </button>
              ) : (
                <span title={p.path || 'the whole document'}>{text}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
