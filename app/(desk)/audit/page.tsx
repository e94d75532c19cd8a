import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { auditTargets, listAudit, parseAuditFilters } from '@/lib/desk/audit';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE = 100;

function targetHref(type: string, id: string | null): string | null {
  if (!id) return null;
  if (type === 'entry') return `/entries/${id}`;
  if (type === 'run') return `/runs/${id}`;
  return null;
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireUser('admin');
  const raw = await searchParams;
  const params = new URLSearchParams(
    Object.entries(raw).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
  );
  const filters = parseAuditFilters(params);
  const beforeAt = params.get('beforeAt');
  const beforeId = params.get('beforeId');
  const before =
    beforeAt && beforeId && !Number.isNaN(Date.parse(beforeAt)) && /^[0-9a-f-]{36}$/i.test(beforeId)
      ? { at: new Date(beforeAt), id: beforeId }
      : null;
  const rows = await listAudit(await getDb(), filters, { before, limit: PAGE });
  const query = new URLSearchParams(Object.entries(filters) as [string, string][]);
  const last = rows.at(-1);
  const older =
    last && rows.length === PAGE ? `?${query}&beforeAt=${last.at.toISOString()}&beforeId=${last.id}` : null;
  return (
    <main className="mx-auto max-w-screen-xl space-y-4 px-4 py-6">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Audit log</h1>
        <div className="flex gap-2">
          <a className={buttonClasses('secondary')} href={`/audit/export?format=csv&${query}`}>
            Export CSV
          </a>
          <a className={buttonClasses('secondary')} href={`/audit/export?format=jsonl&${query}`}>
            Export JSON Lines
          </a>
        </div>
      </div>
      <form
        method="get"
        action="/audit"
        aria-label="Filter the audit log"
        className="grid gap-2 md:grid-cols-7"
      >
        <Input
          name="actor"
          placeholder="Who (email, system)"
          defaultValue={filters.actor ?? ''}
          aria-label="Who"
        />
        <Input
          name="action"
          placeholder="Action, e.g. entry.approved"
          defaultValue={filters.action ?? ''}
          aria-label="Action"
        />
        <Select name="targetType" defaultValue={filters.targetType ?? ''} aria-label="Target type">
          <option value="">Any target</option>
          {auditTargets.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Select>
        <Input
          name="targetId"
          placeholder="Target id"
          defaultValue={filters.targetId ?? ''}
          aria-label="Target id"
        />
        <Input name="from" type="date" defaultValue={filters.from ?? ''} aria-label="From" />
        <Input name="to" type="date" defaultValue={filters.to ?? ''} aria-label="To" />
        <button type="submit" className={buttonClasses('primary')}>
          Filter
        </button>
      </form>
      <Card>
        {rows.length === 0 ? (
          <p className="text-sm text-gray-600">Nothing recorded under these filters.</p>
        ) : (
          <table className="min-w-full text-sm" aria-label="Audit log">
            <thead className="text-left text-xs text-gray-600">
              <tr>
                <th className="py-1">When (UTC)</th>
                <th>Who</th>
                <th>What</th>
                <th>Target</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 align-top">
              {rows.map((r) => {
                const href = targetHref(r.targetType, r.targetId);
                return (
                  <tr key={r.id}>
                    <td className="whitespace-nowrap py-1.5">
                      {r.at.toISOString().slice(0, 19).replace('T', ' ')}
                    </td>
                    <td>{r.actor}</td>
                    <td className="font-mono text-xs">{r.action}</td>
                    <td className="text-xs">
                      {r.targetType}{' '}
                      {href ? (
                        <Link className="font-mono text-indigo-700 underline" href={href}>
                          {r.targetId?.slice(0, 8)}
                        </Link>
                      ) : (
                        <span className="font-mono">{r.targetId?.slice(0, 8)}</span>
                      )}
                    </td>
                    <td className="max-w-md truncate font-mono text-xs text-gray-600">
                      {r.details ? JSON.stringify(r.details) : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Card>
      {older && (
        <nav className="flex justify-end">
          <Link className={buttonClasses('secondary')} href={`/audit${older}`}>
            Older
          </Link>
        </nav>
      )}
    </main>
  );
}
