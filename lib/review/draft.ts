import { applyCorrection } from '@/lib/contract/patches';
import { deepEqual, diffToPatches } from '@/lib/review/diff';

/**
 * Unsaved edits kept in the browser, so that a reload, a conflict or a crash never costs a
 * reviewer their work. Kept as patches against the version they were made on.
 */
export interface Draft {
  entryId: string;
  baseUpdatedAt: string;
  patches: { path: string; value: unknown }[];
  savedAt: string;
}

export const draftKey = (entryId: string) => `emend:review-draft:${entryId}`;

export function makeDraft(
  entryId: string,
  baseUpdatedAt: string,
  base: Record<string, unknown>,
  working: Record<string, unknown>,
): Draft | null {
  const patches = diffToPatches(base, working);
  if (patches.length === 0) return null;
  return { entryId, baseUpdatedAt, patches, savedAt: new Date().toISOString() };
}

export function parseDraft(text: string | null, entryId: string): Draft | null {
  if (!text) return null;
  try {
    const d = JSON.parse(text) as Partial<Draft>;
    if (
      d.entryId !== entryId ||
      typeof d.baseUpdatedAt !== 'string' ||
      !Array.isArray(d.patches) ||
      !d.patches.every((p) => p && typeof p === 'object' && typeof p.path === 'string')
    )
      return null;
    return { entryId, baseUpdatedAt: d.baseUpdatedAt, patches: d.patches, savedAt: String(d.savedAt ?? '') };
  } catch {
    return null;
  }
}

/**
 * Edits re-applied on a (possibly newer) version of the data. `ok: false` when they no
 * longer apply (a row they touch is gone); `changes` is 0 when the version already has them.
 */
export function rebase(
  data: Record<string, unknown>,
  patches: { path: string; value: unknown }[],
): { ok: true; data: Record<string, unknown>; changes: number } | { ok: false; message: string } {
  const result = applyCorrection(data, { patches });
  if (!result.ok) return { ok: false, message: `${result.path}: ${result.message}` };
  return {
    ok: true,
    data: result.data,
    changes: deepEqual(result.data, data) ? 0 : diffToPatches(data, result.data).length,
  };
}
