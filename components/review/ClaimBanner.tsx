'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

type Claim = { claimed: true } | { claimed: false; holder: { name: string } } | { error: string };

/** How often the page renews its claim (if the reviewer was active) or looks again. */
const BEAT_MS = 30_000;
/** Activity older than this does not renew: a left-open tab lets its claim expire. */
const IDLE_MS = 10 * 60_000;

/**
 * Claims the entry while this page is open and the reviewer active, and says so when someone
 * else holds it ("Ana is reviewing"), with a button to take over. Leaving the page releases it.
 */
export function ClaimBanner({ entryId }: { entryId: string }) {
  const [claim, setClaim] = useState<Claim | null>(null);
  const lastActive = useRef(Date.now());
  const mounted = useRef(true);

  const send = useCallback(
    async (what: 'claim' | 'takeover') => {
      try {
        const res = await fetch(`/api/entries/${entryId}/claim?do=${what}`, { method: 'POST' });
        const body = await res.json();
        if (mounted.current) setClaim(res.ok ? body : { error: body.message ?? `HTTP ${res.status}` });
      } catch {
        // Offline for a moment: the next beat tries again.
      }
    },
    [entryId],
  );

  useEffect(() => {
    mounted.current = true;
    const events = ['keydown', 'pointerdown', 'scroll', 'focus'] as const;
    const active = () => {
      lastActive.current = Date.now();
    };
    const release = () => navigator.sendBeacon(`/api/entries/${entryId}/claim?do=release`);
    void send('claim');
    const timer = setInterval(() => {
      if (Date.now() - lastActive.current < IDLE_MS) void send('claim');
    }, BEAT_MS);
    for (const e of events) window.addEventListener(e, active, true);
    window.addEventListener('pagehide', release);
    return () => {
      mounted.current = false;
      clearInterval(timer);
      for (const e of events) window.removeEventListener(e, active, true);
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [entryId, send]);

  if (!claim || 'error' in claim || claim.claimed) return null;
  return (
    <div
      role="status"
      data-testid="claim-banner"
      className="mb-3 flex items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <span>
        <strong>{claim.holder.name}</strong> is reviewing this entry.
      </span>
      <Button variant="secondary" onClick={() => void send('takeover')}>
        Take over
      </Button>
    </div>
  );
}
