'use client';

import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';

export const REVIEW_SHORTCUTS: [keys: string, what: string][] = [
  ['Ctrl/⌘ + S', 'Save: preview the changes, then confirm'],
  ['Ctrl/⌘ + Enter', 'Approve this entry'],
  ['Alt + N', 'Next entry to review'],
  ['Alt + ↓ / Alt + ↑', 'Next / previous field with an error'],
  ['Tab', 'Fields with an error or low confidence first, then the rest'],
  ['Ctrl/⌘ + K', 'Jump to a field by its name'],
  ['?', 'This list of shortcuts (not while typing in a field)'],
  ['Esc', 'Close a dialog'],
];

/** A page's keyboard shortcuts (the review page's by default), as a modal dialog. */
export function ShortcutHelp({
  shortcuts = REVIEW_SHORTCUTS,
  onClose,
}: {
  shortcuts?: [keys: string, what: string][];
  onClose: () => void;
}) {
  return (
    <Dialog labelledBy="shortcut-help-title" onCancel={onClose} width="md">
      <div className="space-y-4 p-5">
        <DialogTitle id="shortcut-help-title">Keyboard shortcuts</DialogTitle>
        <table className="w-full text-sm">
          <tbody className="divide-y divide-gray-100">
            {shortcuts.map(([keys, what]) => (
              <tr key={keys}>
                <th scope="row" className="whitespace-nowrap py-1.5 pr-4 text-left font-normal">
                  <kbd className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs ring-1 ring-gray-300">
                    {keys}
                  </kbd>
                </th>
                <td className="py-1.5 text-gray-700">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex justify-end">
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
