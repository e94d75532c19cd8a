'use client';

import { useEffect, useState } from 'react';

/** Plain text as given, else fetched from `src` when it is a text type; other types cannot be shown here. */
export function TextDocument({
  src,
  mimeType,
  text,
  scale,
}: {
  src: string;
  mimeType: string;
  text: string | null;
  scale: number;
}) {
  const [fetched, setFetched] = useState<{ text: string } | { error: string } | null>(null);
  const canFetch = text === null && mimeType.startsWith('text/');
  useEffect(() => {
    if (!canFetch) return;
    let cancelled = false;
    fetch(src)
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        const body = await r.text();
        if (!cancelled) setFetched({ text: body });
      })
      .catch((e: Error) => !cancelled && setFetched({ error: e.message }));
    return () => {
      cancelled = true;
    };
  }, [src, canFetch]);
  const shown = text ?? (fetched && 'text' in fetched ? fetched.text : null);
  if (shown === null) {
    const message = !canFetch
      ? `This document (${mimeType}) cannot be shown here.`
      : fetched && 'error' in fetched
        ? `The document could not be loaded (${fetched.error}).`
        : 'Loading…';
    return (
      <p className="text-sm text-gray-600">
        {message} {!canFetch && <span>Use “Open original” to see it.</span>}
      </p>
    );
  }
  return (
    <pre
      className="whitespace-pre-wrap break-words rounded bg-white p-4 font-mono text-gray-900 shadow-sm"
      style={{ fontSize: `${13 * scale}px` }}
    >
      {shown}
    </pre>
  );
}
