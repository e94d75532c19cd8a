'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';

const formats = [
  { value: 'zip', label: 'CSV (ZIP: entries + line items)' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
  { value: 'jsonl', label: 'JSON Lines' },
  { value: 'csv', label: 'CSV (entries only)' },
] as const;

type Progress =
  | { state: 'idle' }
  | { state: 'running'; total: number; rows: number | null; bytes: number }
  | { state: 'done'; total: number }
  | { state: 'failed'; message: string };

const countLines = (chunk: Uint8Array) => {
  let n = 0;
  for (const byte of chunk) if (byte === 10) n++;
  return n;
};

/**
 * Exports every entry matching the list's filters. The file is streamed: the server sends the
 * number of entries first, and the button counts rows (text formats) or bytes (ZIP, XLSX) as
 * they arrive, so a long export shows how far it is.
 */
export function ExportButton({ query }: { query: string }) {
  const [format, setFormat] = useState<(typeof formats)[number]['value']>('zip');
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });

  async function run() {
    const params = new URLSearchParams(query);
    params.set('format', format);
    setProgress({ state: 'running', total: 0, rows: null, bytes: 0 });
    try {
      const response = await fetch(`/entries/export?${params}`);
      if (!response.ok || !response.body) {
        const body = await response.json().catch(() => null);
        throw new Error(body?.message ?? `The export failed (HTTP ${response.status}).`);
      }
      const total = Number(response.headers.get('x-export-total') ?? 0);
      const textual = format === 'csv' || format === 'jsonl';
      // The CSV's first line is its header.
      let rows = format === 'csv' ? -1 : 0;
      let bytes = 0;
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        if (textual) rows += countLines(value);
        setProgress({
          state: 'running',
          total,
          rows: textual ? Math.min(Math.max(rows, 0), total) : null,
          bytes,
        });
      }
      const name =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'emend-export';
      const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('content-type') ?? '' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress({ state: 'done', total });
    } catch (error) {
      setProgress({ state: 'failed', message: (error as Error).message });
    }
  }

  const running = progress.state === 'running';
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor="export-format" className="sr-only">
          Export format
        </label>
        <Select
          id="export-format"
          value={format}
          onChange={(e) => setFormat(e.target.value as typeof format)}
          className="w-auto"
          disabled={running}
        >
          {formats.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
        <Button variant="secondary" onClick={run} disabled={running}>
          {running ? 'Exporting…' : 'Export'}
        </Button>
      </div>
      <p className="text-xs text-gray-600" aria-live="polite" data-testid="export-progress">
        {progress.state === 'running' &&
          (progress.rows !== null
            ? `${progress.rows.toLocaleString('en-GB')} of ${progress.total.toLocaleString('en-GB')} entries`
            : `${(progress.bytes / 1_048_576).toFixed(1)} MB of ${progress.total.toLocaleString('en-GB')} entries`)}
        {progress.state === 'done' &&
          `Exported ${progress.total.toLocaleString('en-GB')} ${progress.total === 1 ? 'entry' : 'entries'}.`}
        {progress.state === 'failed' && <span className="text-red-700">{progress.message}</span>}
      </p>
    </div>
  );
}
