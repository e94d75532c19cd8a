'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';

type Result = { ok: true; data: { changed: number } } | { ok: false; message: string };

/** An admin's "assign to" menu, for one entry or a whole run. */
export function AssignControl({
  users,
  current,
  assign,
  label,
}: {
  users: { id: string; name: string }[];
  current: string | null;
  assign: (assigneeId: string) => Promise<Result>;
  label: string;
}) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState(current ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, start] = useTransition();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 whitespace-nowrap text-gray-700">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="max-w-xs"
        disabled={pending}
      >
        <option value="">Nobody</option>
        {users.map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </Select>
      <Button
        variant="secondary"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const r = await assign(value);
            setMessage(
              r.ok ? { ok: true, text: `Assigned (${r.data.changed}).` } : { ok: false, text: r.message },
            );
            if (r.ok) router.refresh();
          })
        }
      >
        Assign
      </Button>
      {message && (
        <span
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'text-green-700' : 'text-red-700'}
        >
          {message.text}
        </span>
      )}
    </div>
  );
}
