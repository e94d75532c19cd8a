'use client';

import { Button } from '@/components/ui/button';
import type { Entry } from '@/lib/contract/schemas';
import type { Draft } from '@/lib/review/draft';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {children}
    </div>
  );
}

/** A newer version arrived while there were unsaved edits: the reviewer chooses. */
export function NewerVersionNotice({
  newer,
  onAdopt,
}: {
  newer: Entry;
  onAdopt: (keepEdits: boolean) => void;
}) {
  return (
    <Notice>
      <p>
        This entry was changed elsewhere ({new Date(newer.updated_at).toLocaleString()}) while you were
        editing. Your changes are kept.
      </p>
      <div className="mt-2 flex gap-2">
        <Button onClick={() => onAdopt(true)}>Apply my changes on top</Button>
        <Button variant="secondary" onClick={() => onAdopt(false)}>
          Show their version (drop my changes)
        </Button>
      </div>
    </Notice>
  );
}

/** Unsaved edits in this browser, made on an earlier version. */
export function OldDraftNotice({ draft, onResolve }: { draft: Draft; onResolve: (apply: boolean) => void }) {
  return (
    <Notice>
      <p>
        This browser holds {plural(draft.patches.length, 'change')} you did not save, made on an earlier
        version of this entry
        {draft.savedAt ? ` (${new Date(draft.savedAt).toLocaleString()})` : ''}:
      </p>
      <ul className="mt-1 max-h-24 overflow-auto font-mono text-xs">
        {draft.patches.map((p) => (
          <li key={p.path}>
            {p.path}: {JSON.stringify(p.value)}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex gap-2">
        <Button onClick={() => onResolve(true)}>Apply them to this version</Button>
        <Button variant="secondary" onClick={() => onResolve(false)}>
          Discard them
        </Button>
      </div>
    </Notice>
  );
}
