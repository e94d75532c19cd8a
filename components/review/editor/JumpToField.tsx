'use client';

import { useState } from 'react';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { searchFields } from '@/lib/review/navigation';

/** Ctrl/⌘+K: type part of a field's name, Enter (or a click) goes there. */
export function JumpToField({
  labels,
  inputs,
  onJump,
  onClose,
}: {
  labels: ReadonlyMap<string, string>;
  inputs: readonly string[];
  onJump: (pointer: string) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const found = searchFields(labels, inputs, query);
  const go = (pointer: string | undefined) => {
    if (!pointer) return;
    onClose();
    // After the dialog has given focus back, so the field keeps it.
    requestAnimationFrame(() => onJump(pointer));
  };
  return (
    <Dialog labelledBy="jump-title" onCancel={onClose} width="md">
      <div className="space-y-3 p-4">
        <DialogTitle id="jump-title">Jump to field</DialogTitle>
        <Input
          aria-label="Field name"
          aria-describedby="jump-hint"
          autoFocus
          placeholder="Type part of a field’s name, e.g. “amount row 3”"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') setActive((a) => Math.min(found.length - 1, a + 1));
            else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
            else if (e.key === 'Enter') go(found[active]?.pointer);
            else return;
            e.preventDefault();
          }}
        />
        <p id="jump-hint" className="text-xs text-gray-500">
          ↑/↓ choose, Enter goes to the field, Esc closes.
        </p>
        <ul aria-label="Fields" className="max-h-72 overflow-auto text-sm">
          {found.map((f, i) => (
            <li key={f.pointer}>
              <button
                type="button"
                aria-current={i === active || undefined}
                onClick={() => go(f.pointer)}
                className={`w-full rounded px-2 py-1 text-left ${i === active ? 'bg-indigo-50 text-indigo-900' : 'hover:bg-gray-50'}`}
              >
                {f.label}
              </button>
            </li>
          ))}
          {found.length === 0 && <li className="px-2 py-1 text-gray-500">No field has that name.</li>}
        </ul>
      </div>
    </Dialog>
  );
}
