'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';

type Result = { ok: true; data: unknown } | { ok: false; message: string };

/** An admin's switch per deployment: entries must have zero errors to be approved. */
export function ZeroErrorsToggle({
  deploymentId,
  name,
  required,
  setRequired,
}: {
  deploymentId: string;
  name: string;
  required: boolean;
  setRequired: (input: { deploymentId: string; required: boolean }) => Promise<Result>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  // Shown at once; put back if the setting could not be saved.
  const [on, setOn] = useState(required);
  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={on}
          disabled={pending}
          aria-label={`Require zero errors to approve ${name}`}
          onChange={(e) => {
            const next = e.target.checked;
            setOn(next);
            start(async () => {
              const result = await setRequired({ deploymentId, required: next });
              if (result.ok) {
                setError(null);
                router.refresh();
              } else {
                setOn(!next);
                setError(result.message);
              }
            });
          }}
          className="h-4 w-4 rounded border-gray-300 text-indigo-600"
        />
        Require zero errors to approve
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
