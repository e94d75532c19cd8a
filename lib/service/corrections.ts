import { eq } from 'drizzle-orm';
import { applyCorrection } from '@/lib/contract/patches';
import type { CorrectionRequest, CorrectionResponse } from '@/lib/contract/schemas';
import { corrections, entries } from '@/lib/db/schema/service';
import type { ServiceContext } from '@/lib/service/context';
import { loadStructure } from '@/lib/service/deployments';
import { entryStatusFor, validateExtraction } from '@/lib/service/engine';
import { type Caller, findEntry } from '@/lib/service/entries';
import { validationError } from '@/lib/service/errors';
import { learnFromCorrection } from '@/lib/service/learning/learn';

/**
 * The spec's sample wraps the request as `{title, value: {data, notes}}`; we accept that
 * shape and read what is inside `value`.
 */
export function unwrapCorrectionBody(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const hasOwnFields = 'data' in b || 'patches' in b;
    if (!hasOwnFields && b.value && typeof b.value === 'object' && !Array.isArray(b.value)) return b.value;
  }
  return body;
}

/** Applies a correction all or nothing, re-validates the entry and keeps it in the history. */
export async function correctEntry(
  ctx: ServiceContext,
  caller: Caller,
  entryId: string,
  request: CorrectionRequest,
): Promise<CorrectionResponse> {
  const hasData = request.data !== undefined && Object.keys(request.data).length > 0;
  const patches = request.patches ?? [];
  if (!hasData && patches.length === 0) {
    throw validationError('A correction needs a non-empty `data` or `patches`.', [
      { path: '', message: 'Give `data` (the whole corrected object), `patches`, or both.' },
    ]);
  }
  const entry = await findEntry(ctx.db, caller, entryId);
  const result = applyCorrection(entry.data as Record<string, unknown>, {
    data: hasData ? request.data : undefined,
    patches,
  });
  if (!result.ok) {
    const where = result.index === null ? '/data' : `/patches/${result.index}`;
    throw validationError(`Correction not applied: ${result.message}`, [
      { path: where, message: `${result.path === '' ? "''" : result.path}: ${result.message}` },
    ]);
  }

  const structure = await loadStructure(ctx.db, entry.structureId, entry.structureVersion);
  const problems = structure ? validateExtraction(result.data, structure) : [];
  const errors = problems.length > 0 ? problems : null;

  await ctx.db.transaction(async (tx) => {
    await tx
      .update(entries)
      .set({ data: result.data, errors, status: entryStatusFor(errors, true), updatedAt: new Date() })
      .where(eq(entries.id, entry.id));
    await tx.insert(corrections).values({
      entryId: entry.id,
      notes: request.notes ?? null,
      patches,
      dataReplaced: hasData,
    });
  });
  // Learning is a lesson on top of a correction already saved: it never undoes the correction.
  let learned: string[] = [];
  if (structure) {
    try {
      learned = await learnFromCorrection(
        ctx.db,
        entry,
        structure,
        entry.data as Record<string, unknown>,
        result.data,
      );
    } catch (error) {
      console.error(`Learning from the correction of entry ${entry.id} failed:`, error);
    }
  }
  return {
    entry_id: entry.id,
    patches_applied: result.patchesApplied + (hasData ? result.leavesChanged : 0),
    learned_fields: learned,
  };
}
