'use client';

import { useEffect, useRef } from 'react';

const WIDTHS = { md: 'max-w-md', lg: 'max-w-lg', '2xl': 'max-w-2xl' } as const;

/**
 * The one modal dialog shell: a native `<dialog>` opened modally on mount (focus is trapped
 * and restored by the browser), Esc asks `onCancel` instead of closing on its own, so the
 * owner decides (a dialog that is sending stays open).
 */
export function Dialog({
  labelledBy,
  onCancel,
  width = 'lg',
  children,
}: {
  /** The id of the dialog's title. */
  labelledBy: string;
  onCancel: () => void;
  width?: keyof typeof WIDTHS;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    d?.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className={`w-full ${WIDTHS[width]} rounded-lg p-0 shadow-xl backdrop:bg-gray-900/40`}
    >
      {children}
    </dialog>
  );
}

export function DialogTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-base font-semibold">
      {children}
    </h2>
  );
}
