import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { runs } from '@/lib/db/schema/desk';
import { recordAudit } from '@/lib/desk/audit';
import { enqueueDeskEvent } from '@/lib/desk/webhooks/enqueue';

/** A run reached its end (completed or failed): the audit row and the `run.completed` event. */
export async function afterRunFinished(db: Db, runId: string): Promise<void> {
  const [run] = await db.select().from(runs).where(eq(runs.id, runId));
  if (!run) return;
  await recordAudit(db, {
    actorId: null,
    action: 'run.completed',
    targetType: 'run',
    targetId: runId,
    details: { status: run.status, completed: run.completedItems, failed: run.failedItems },
  });
  await enqueueDeskEvent(db, 'run.completed', {
    runId,
    data: {
      run_id: run.id,
      name: run.name,
      deployment_id: run.deploymentId,
      status: run.status,
      total_items: run.totalItems,
      completed_items: run.completedItems,
      failed_items: run.failedItems,
      finished_at: (run.finishedAt ?? new Date()).toISOString(),
    },
  });
}
