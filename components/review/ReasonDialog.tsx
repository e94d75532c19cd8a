'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/input';

/**
 * A decision that needs a reason the next person will read: rejecting, or approving an entry
 * that still has errors (the override reason is kept in its history).
 */
export function ReasonDialog({
  id,
  title,
  children,
  label,
  placeholder,
  missing,
  confirmLabel,
  sendingLabel,
  danger = false,
  onCancel,
  onConfirm,
}: {
  id: string;
  title: string;
  children?: React.ReactNode;
  label: string;
  placeholder: string;
  /** Shown when the reason is left empty. */
  missing: string;
  confirmLabel: string;
  sendingLabel: string;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<{ ok: boolean; message?: string }>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <Dialog labelledBy={`${id}-title`} onCancel={() => !sending && onCancel()}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(missing);
            return;
          }
          setSending(true);
          const result = await onConfirm(reason.trim());
          setSending(false);
          if (!result.ok) setError(result.message ?? 'That did not work; try again.');
        }}
        className="space-y-4 p-5"
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        {children}
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium text-gray-700">
            {label}
          </label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            placeholder={placeholder}
          />
          {error && (
            <p id={`${id}-reason-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={sending}>
            {sending ? sendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
