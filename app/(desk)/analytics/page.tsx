import type { Metadata } from 'next';
import { BarChart, ColumnChart } from '@/components/analytics/Charts';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { computeAnalytics, parseAnalyticsFilters } from '@/lib/desk/analytics';
import { listDeskDeployments } from '@/lib/desk/deployments';

export const metadata: Metadata = { title: 'Analytics' };

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

export default async function AnalyticsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireUser();
  const raw = await searchParams;
  const params = new URLSearchParams(
    Object.entries(raw).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
  );
  const filters = parseAnalyticsFilters(params);
  const db = await getDb();
  const [a, deployments] = await Promise.all([computeAnalytics(db, filters), listDeskDeployments(db)]);
  const nameOf = new Map(deployments.map((d) => [d.id, d.name]));
  const many = new Set(a.fields.map((f) => `${f.deploymentId}|${f.version}`)).size > 1;
  const fieldLabel = (f: (typeof a.fields)[number]) =>
    many
      ? `${f.label} (${nameOf.get(f.deploymentId) ?? f.deploymentId.slice(0, 8)} v${f.version ?? '?'})`
      : f.label;
  const mostCorrected = a.fields[0];
  return (
    <main className="mx-auto max-w-screen-xl space-y-4 px-4 py-6">
      <h1 className="text-xl font-semibold">Analytics</h1>
      <form
        method="get"
        action="/analytics"
        aria-label="Analytics range"
        className="flex flex-wrap items-end gap-3"
      >
        <label className="text-sm" htmlFor="an-from">
          From
          <Input id="an-from" name="from" type="date" defaultValue={filters.from} />
        </label>
        <label className="text-sm" htmlFor="an-to">
          To
          <Input id="an-to" name="to" type="date" defaultValue={filters.to} />
        </label>
        <label className="text-sm" htmlFor="an-deployment">
          Deployment
          <Select id="an-deployment" name="deployment" defaultValue={filters.deployment?.[0] ?? ''}>
            <option value="">All</option>
            {deployments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
        </label>
        <button type="submit" className={buttonClasses('primary')}>
          Show
        </button>
      </form>
      <div className="grid gap-4 md:grid-cols-4">
        {[
          ['Entries reviewed', a.decided.toLocaleString('en-GB')],
          ['Most-corrected field', mostCorrected ? fieldLabel(mostCorrected) : '—'],
          ['Median extraction → decision', duration(a.medianSecondsToDecision)],
          ['Auto-approval rate', a.approvals ? pct(a.autoApprovals / a.approvals) : '—'],
        ].map(([label, value]) => (
          <Card key={label}>
            <p className="text-xs text-gray-600">{label}</p>
            <p className="mt-1 text-lg font-semibold" data-testid={`kpi-${label}`}>
              {value}
            </p>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Most-corrected fields (entries)">
          <BarChart
            title="Most-corrected fields"
            bars={a.fields.slice(0, 12).map((f) => ({ label: fieldLabel(f), value: f.corrected }))}
          />
        </Card>
        <Card title="Field accuracy (share of reviewed entries not corrected)">
          <BarChart
            title="Field accuracy"
            max={1}
            bars={[...a.fields]
              .sort((x, y) => x.accuracy - y.accuracy)
              .slice(0, 12)
              .map((f) => ({ label: fieldLabel(f), value: f.accuracy, text: pct(f.accuracy) }))}
          />
        </Card>
        <Card title="Entries reviewed per day">
          <ColumnChart title="Entries reviewed per day" points={a.perDay} />
        </Card>
        <Card title="Decisions per reviewer">
          <BarChart
            title="Decisions per reviewer"
            bars={a.perReviewer.map((r) => ({ label: r.reviewer, value: r.n }))}
          />
        </Card>
        <Card title="Errors by code (reviewed entries)">
          <BarChart
            title="Errors by code"
            bars={a.errorsByCode.map((e) => ({ label: e.code, value: e.n }))}
          />
        </Card>
      </div>
    </main>
  );
}
