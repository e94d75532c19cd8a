import type { entries } from '@/lib/db/schema/service';
import type { DeploymentRecord } from '@/lib/service/deployments';
import type { StructureDefinition } from '@/lib/service/engine/types';
import type { Caller } from '@/lib/service/entries';
import type { ExtractionOutcome } from '@/lib/service/processing';

type EntryInsert = typeof entries.$inferInsert;

/** Who asked and against which deployment: the columns every new entry shares. */
export interface EntryTarget {
  caller: Caller;
  deployment: Pick<DeploymentRecord, 'id'>;
  structure: Pick<StructureDefinition, 'id' | 'version'>;
}

/**
 * The one builder of new entry rows (sync result, async entry, batch item), so ownership
 * (account and tenant) and the deployment's structure version are set the same way everywhere.
 */
export function newEntryRow(
  target: EntryTarget,
  fields: Omit<EntryInsert, 'accountId' | 'tenantId' | 'deploymentId' | 'structureId' | 'structureVersion'>,
): EntryInsert {
  return {
    accountId: target.caller.accountId,
    tenantId: target.caller.tenantId,
    deploymentId: target.deployment.id,
    structureId: target.structure.id,
    structureVersion: target.structure.version,
    ...fields,
  };
}

/** The columns an extraction outcome fills, whether the entry is inserted (sync) or finished (queued). */
export function outcomeColumns(outcome: ExtractionOutcome) {
  return {
    status: outcome.status,
    data: outcome.data,
    errors: outcome.errors,
    sources: outcome.sources,
    confidence: outcome.confidence,
    documents: outcome.documents,
  } satisfies Partial<EntryInsert>;
}
