'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';

interface Row {
  id: string;
  status: string;
  errorCount: number;
  reviewState: string;
}

const entriesWord = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** What a bulk approval of these rows will do: the server decides the same way (lib/desk/decisions). */
export function planBulkApprove(rows: Row[]) {
  const notReady = rows.filter(
    (r) => r.status === 'pending' || r.status === 'processing' || r.reviewState === 'approved',
  );
  const withErrors = rows.filter((r) => !notReady.includes(r) && r.errorCount > 0);
  return {
    approvable: rows.length - notReady.length - withErrors.length,
    withErrors: withErrors.length,
    notReady: notReady.length,
  };
}

/** Says how many entries will be approved and which are skipped, before anything happens. */
export function BulkApproveDialog({
  rows,
  onCancel,
  onConfirm,
}: {
  rows: Row[];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const plan = planBulkApprove(rows);
  return (
    <Dialog labelledBy="bulk-approve-title" onCancel={onCancel} width="md">
      <div className="space-y-3 p-5 text-sm">
        <DialogTitle id="bulk-approve-title">
          {plan.approvable > 0 ? `Approve ${entriesWord(plan.approvable)}?` : 'Nothing to approve'}
        </DialogTitle>
        <ul className="list-disc space-y-1 pl-5 text-gray-700">
          {plan.withErrors > 0 && (
            <li data-testid="bulk-with-errors">
              {entriesWord(plan.withErrors)} with errors will be skipped: open them to approve each with a
              reason.
            </li>
          )}
          {plan.notReady > 0 && (
            <li>{entriesWord(plan.notReady)} already approved or still being extracted.</li>
          )}
          {plan.approvable > 0 && <li>You can undo it for 10 seconds.</li>}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={plan.approvable === 0} autoFocus>
            Approve {entriesWord(plan.approvable)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** "Approved N entries — Undo" for 10 seconds after a bulk approval. */
export function UndoToast({
  text,
  onUndo,
  onExpire,
}: {
  text: string;
  onUndo: () => void;
  onExpire: () => void;
}) {
  const [left, setLeft] = useState(10);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => s - 1), 1_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-3 rounded-md bg-gray-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      <span>{text}</span>
      <Button variant="secondary" onClick={onUndo}>
        Undo ({left} s)
      </Button>
    </div>
  );
}
