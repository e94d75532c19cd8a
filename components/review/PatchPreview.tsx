'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';
import type { Patch } from '@/lib/contract/schemas';
import { describePatches } from '@/lib/review/diff';

const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));

/** Lists each `path: old → new` before anything leaves the desk; notes are optional. */
export function PatchPreview({
  original,
  patches,
  labels,
  error,
  remaining = [],
  onCancel,
  onConfirm,
}: {
  original: unknown;
  patches: Patch[];
  /** Readable names of pointers, shown beside them. */
  labels?: Map<string, string>;
  /** Why the last attempt failed; the dialog stays open so it can be retried. */
  error?: string | null;
  /** Errors the data will still have once saved (live validation), as `where: message`. */
  remaining?: string[];
  onCancel: () => void;
  onConfirm: (notes: string | null) => Promise<{ ok: boolean }>;
}) {
  const [notes, setNotes] = useState('');
  const [sending, setSending] = useState(false);
  const lines = describePatches(original, patches);
  return (
    <Dialog labelledBy="patch-preview-title" onCancel={() => !sending && onCancel()} width="2xl">
      <form
        method="dialog"
        onSubmit={async (e) => {
          e.preventDefault();
          if (sending) return;
          setSending(true);
          try {
            await onConfirm(notes.trim() || null);
          } finally {
            setSending(false);
          }
        }}
        onKeyDown={(e) => {
          // Ctrl/⌘+Enter confirms from anywhere in the dialog (in the notes Enter is a new line).
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            e.currentTarget.requestSubmit();
          }
        }}
        className="space-y-4 p-5"
      >
        <DialogTitle id="patch-preview-title">
          Save {patches.length} change{patches.length === 1 ? '' : 's'}?
        </DialogTitle>
        <ul className="max-h-72 space-y-1 overflow-auto rounded-md bg-gray-50 p-3 font-mono text-xs">
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the patches' order is their identity
            <li key={i} className="break-all">
              <span className="font-semibold text-gray-900">{l.path}</span>:{' '}
              <span className="text-red-700 line-through">{show(l.before)}</span> →{' '}
              <span className="text-green-800">{show(l.after)}</span>
              {labels?.get(patches[i].path) && (
                <span className="ml-2 font-sans text-gray-500">({labels.get(patches[i].path)})</span>
              )}
            </li>
          ))}
        </ul>
        {remaining.length > 0 && (
          <div className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            <p className="font-medium">
              {remaining.length === 1 ? '1 error remains' : `${remaining.length} errors remain`} after this
              save:
            </p>
            <ul className="mt-1 max-h-28 list-disc overflow-auto pl-5 text-xs">
              {remaining.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same message may repeat
                <li key={i}>{r}</li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <label htmlFor="correction-notes" className="mb-1 block text-sm font-medium text-gray-700">
            Notes (optional)
          </label>
          <Textarea
            id="correction-notes"
            rows={2}
            maxLength={10_000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="Why these changes?"
          />
        </div>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending} autoFocus aria-keyshortcuts="Control+Enter Meta+Enter">
            {sending ? 'Sending…' : 'Confirm'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
