/**
 * Learning from corrections, the service's half. When a correction sets a field to a value its
 * document shows — or leaves a value as it was, confirming it — the place it is printed is
 * remembered for the issuer (account + tenant + structure); the next document of that issuer is
 * read there before the rules' reading counts. A value changed to one the document does not show
 * (a typo fixed by hand) teaches nothing and unlearns the field.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '@/lib/db/client';
import type { ExtractionResult, ReadDocument, StructureDefinition } from '@/lib/service/engine';
import { learnAnchor, readAtAnchors } from '@/lib/service/engine/memory/anchors';
import { learnColumns } from '@/lib/service/engine/memory/columns';
import { fingerprintOf, issuerNamed, knownIssuerOf } from '@/lib/service/engine/memory/fingerprint';
import { normalizePointer, setAtPointer } from '@/lib/service/engine/rule-extractor';
import {
  forget,
  issuersInScope,
  loadLayouts,
  type MemoryScope,
  recall,
  remember,
  saveLayouts,
} from './memory-store';

const EMPTY: Omit<ReadDocument, 'sha256'> = {
  kind: 'text',
  mimeType: 'text/plain',
  filename: null,
  pages: [],
};

function at(data: unknown, pointer: string): unknown {
  let node = data;
  for (const t of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[t.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** Every string value in the data (fields and table cells). */
function stringsIn(data: unknown): string[] {
  if (typeof data === 'string') return [data];
  if (data === null || typeof data !== 'object') return [];
  return Object.values(data).flatMap(stringsIn);
}

/** The value of the field read as the issuer's (or addressee's) name, when there is one. */
function partyName(
  structure: StructureDefinition,
  data: Record<string, unknown>,
  role: 'issuer' | 'recipient',
): string | null {
  const field = Object.entries(structure.hints.fields ?? {}).find(([, h]) => h.fallback === `${role}_name`);
  const name = field && at(data, normalizePointer(field[0]));
  return typeof name === 'string' ? name : null;
}

/** The issuer as the correction names it, when the structure has an issuer's name. */
function correctedIssuer(structure: StructureDefinition, after: Record<string, unknown>) {
  const name = partyName(structure, after, 'issuer');
  return name ? issuerNamed(name) : null;
}

/**
 * After a correction: remembers where each field's value (changed or confirmed) is printed.
 * Returns the pointers learned. Needs the documents' layouts kept when the entry was extracted.
 */
export async function learnFromCorrection(
  db: Db,
  entry: { id: string; accountId: string; tenantId: string | null; structureId: string; documents: unknown },
  structure: StructureDefinition,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<string[]> {
  const hashes = Array.isArray(entry.documents)
    ? (entry.documents as { sha256?: string | null }[]).map((d) => d.sha256 ?? null)
    : [];
  const layouts = await loadLayouts(db, entry.accountId, hashes);
  if (layouts.every((d) => d === null)) return [];
  const documents = layouts.map((d): ReadDocument => d ?? { ...EMPTY, sha256: null });
  const issuer = correctedIssuer(structure, after) ?? fingerprintOf(documents);
  if (!issuer) return [];
  const scope: MemoryScope = {
    accountId: entry.accountId,
    tenantId: entry.tenantId,
    structureId: entry.structureId,
  };
  // Each field (by the anchor of its value) and each table (by its columns' captions): a value the
  // reviewer left as it was is confirmed by the Save and teaches where it is too (the issuer's next
  // document may be read worse there), but never unlearns anything.
  const content = stringsIn(after);
  const lessons = [
    ...Object.keys(structure.hints.fields ?? {}).map((raw) => {
      const pointer = normalizePointer(raw);
      const value = at(after, pointer);
      const anchor =
        value === undefined || value === null
          ? null
          : learnAnchor(documents, structure, pointer, value, content);
      return { pointer, value, anchor };
    }),
    ...Object.keys(structure.hints.tables ?? {}).map((raw) => {
      const pointer = normalizePointer(raw);
      const rows = at(after, pointer);
      const captions =
        Array.isArray(rows) && rows.length > 0
          ? learnColumns(documents, structure, pointer, rows as Record<string, unknown>[])
          : null;
      return { pointer, value: rows, anchor: captions ? ({ kind: 'columns', captions } as const) : null };
    }),
  ];
  const learned: string[] = [];
  for (const { pointer, value, anchor } of lessons) {
    const changed = !isDeepStrictEqual(value, at(before, pointer));
    if (!anchor) {
      if (changed) await forget(db, scope, issuer.key, pointer);
      continue;
    }
    await remember(
      db,
      scope,
      { fingerprint: issuer.key, label: issuer.label },
      {
        pointer,
        anchor: changed ? anchor : { ...anchor, confirmed: true },
        example: value,
        entryId: entry.id,
      },
    );
    learned.push(pointer);
  }
  return learned;
}

/**
 * Before the rules' reading counts: keeps the documents' layouts for later corrections and reads
 * the fields learned for this issuer at their anchors; those values replace the rules' ones.
 */
export async function applyMemory(
  db: Db,
  scope: MemoryScope,
  documents: ReadDocument[],
  structure: StructureDefinition,
  extracted: ExtractionResult,
): Promise<ExtractionResult> {
  await saveLayouts(db, scope.accountId, documents);
  const known = await issuersInScope(db, scope);
  const recipient = partyName(structure, extracted.data, 'recipient');
  const issuer = known.length > 0 ? knownIssuerOf(documents, known, recipient ? [recipient] : []) : null;
  if (!issuer) return extracted;
  const learned = await recall(db, scope, issuer);
  if (learned.length === 0) return extracted;
  // What a reviewer only confirmed does not overrule a confident reading of the rules.
  const sure = (p: string) => at(extracted.data, p) !== undefined && (extracted.confidence[p] ?? 0) >= 0.7;
  const read = readAtAnchors(
    documents,
    structure,
    learned.filter((l) => !(l.anchor.confirmed && sure(l.pointer))),
  );
  const data = structuredClone(extracted.data);
  const sources = { ...extracted.sources };
  const confidence = { ...extracted.confidence };
  // A table read at its learned columns replaces the rules' rows whole.
  for (const { pointer, anchor } of learned) {
    if (anchor.kind !== 'columns' || at(read.data, pointer) === undefined) continue;
    setAtPointer(data, pointer, at(read.data, pointer));
    for (const p of Object.keys(sources)) {
      if (!p.startsWith(`${pointer}/`)) continue;
      delete sources[p];
      delete confidence[p];
    }
  }
  for (const pointer of Object.keys(read.sources)) setAtPointer(data, pointer, at(read.data, pointer));
  return {
    data,
    sources: { ...sources, ...read.sources },
    confidence: { ...confidence, ...read.confidence },
  };
}
