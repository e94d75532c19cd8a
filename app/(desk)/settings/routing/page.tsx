import type { Metadata } from 'next';
import Link from 'next/link';
import { ActionForm } from '@/components/settings/ActionForm';
import { SettingsSubpage } from '@/components/settings/SettingsSubpage';
import { Card } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { requireUser } from '@/lib/auth';
import { getDb } from '@/lib/db/client';
import { listDeskDeployments } from '@/lib/desk/deployments';
import { entryListHref } from '@/lib/desk/entry-links';
import { listRoutingRules } from '@/lib/desk/routing';
import { setRoutingAction } from './actions';

export const metadata: Metadata = { title: 'Routing' };

export default async function RoutingPage() {
  await requireUser('admin');
  const db = await getDb();
  const [deployments, rules] = await Promise.all([listDeskDeployments(db), listRoutingRules(db)]);
  const ruleOf = new Map(rules.map((r) => [r.deploymentId, r]));
  return (
    <SettingsSubpage
      title="Routing"
      intro={
        <>
          Per deployment: when auto-approve is on, an entry that finishes without errors and whose every
          field's confidence is at least the threshold is approved by <strong>system</strong> as it arrives,
          and never reaches the review queue. Everything else waits for a person.{' '}
          <Link className="text-indigo-700 underline" href={entryListHref('by=system')}>
            See auto-approved entries
          </Link>
          .
        </>
      }
    >
      {deployments.length === 0 && <p className="text-sm text-gray-600">No deployments known yet.</p>}
      {deployments.map((d) => {
        const rule = ruleOf.get(d.id);
        return (
          <Card key={d.id} title={d.name}>
            <ActionForm action={setRoutingAction} submit="Save" className="flex flex-wrap items-end gap-4">
              <input type="hidden" name="deploymentId" value={d.id} />
              <div>
                <Label htmlFor={`threshold-${d.id}`}>Confidence threshold (0–1)</Label>
                <Input
                  id={`threshold-${d.id}`}
                  name="threshold"
                  type="number"
                  step="0.01"
                  min="0"
                  max="1"
                  defaultValue={rule?.threshold ?? 0.9}
                  className="w-32"
                />
              </div>
              <label className="inline-flex items-center gap-2 pb-2 text-sm">
                <input type="checkbox" name="autoApprove" defaultChecked={rule?.autoApprove ?? false} />
                Auto-approve when no errors and every field is at or above it
              </label>
            </ActionForm>
          </Card>
        );
      })}
    </SettingsSubpage>
  );
}
