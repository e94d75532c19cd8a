'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';

/** Rejecting needs a reason: the next person to open the entry should know why. */
export function RejectDialog({
  onCancel,
  onConfirm,
}: {
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<{ ok: boolean; message?: string }>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="reject-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="w-full max-w-lg rounded-lg p-0 shadow-xl backdrop:bg-gray-900/40"
    >
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError('A rejection needs a reason.');
            return;
          }
          setSending(true);
          const result = await onConfirm(reason.trim());
          setSending(false);
          if (!result.ok) setError(result.message ?? 'The entry could not be rejected.');
        }}
        className="space-y-4 p-5"
      >
        <h2 id="reject-title" className="text-base font-semibold">
          Reject this entry?
        </h2>
        <div>
          <label htmlFor="reject-reason" className="mb-1 block text-sm font-medium text-gray-700">
            Reason (required)
          </label>
          <Textarea
            id="reject-reason"
            rows={3}
            value={reason}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reject-reason-error' : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            placeholder="e.g. Not an invoice; wrong document uploaded"
          />
          {error && (
            <p id="reject-reason-error" role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={sending}>
            {sending ? 'Rejecting…' : 'Reject entry'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
