import type { Db } from '@/lib/db/client';
import { entryTotals } from '@/lib/desk/entry-list';
import { countRunsInProgress } from '@/lib/desk/runs/views';

// The dashboard's figures, from the desk's own index.

export interface DeskOverview {
  toReview: number;
  statusCounts: Record<string, number>;
  totalEntries: number;
  /** Sum of `price` (EUR) of the indexed entries: what this desk has spent, as far as it knows. */
  spentEur: number;
  runsInProgress: number;
}

export async function deskOverview(db: Db): Promise<DeskOverview> {
  const [totals, runsInProgress] = await Promise.all([entryTotals(db), countRunsInProgress(db)]);
  return {
    toReview: totals.toReview,
    statusCounts: totals.byStatus,
    totalEntries: totals.total,
    spentEur: totals.spentEur,
    runsInProgress,
  };
}
