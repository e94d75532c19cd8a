'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';

type Result = { ok: true; data: unknown } | { ok: false; message: string };

/** The admin's switch: hold corrections in the desk's outbox, or send them. */
export function SendingToggle({
  paused,
  setPaused,
}: {
  paused: boolean;
  setPaused: (input: { paused: boolean }) => Promise<Result>;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <p className="text-sm" role="status">
        {paused ? (
          <span className="font-medium text-amber-800">
            Sending is paused: saved corrections wait in the outbox until you resume.
          </span>
        ) : (
          <span className="text-gray-700">Corrections are sent to the service as reviewers save them.</span>
        )}
      </p>
      <Button
        variant={paused ? 'primary' : 'secondary'}
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await setPaused({ paused: !paused });
            if (result.ok) {
              setError(null);
              router.refresh();
            } else setError(result.message);
          })
        }
      >
        {paused ? 'Resume sending' : 'Pause sending'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
