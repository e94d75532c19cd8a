/**
 * Learning from corrections, the service's half. When a correction sets a field to a value its
 * document shows — or leaves a value as it was, confirming it — the place it is printed is
 * remembered for the issuer (account + tenant + structure); the next document of that issuer is
 * read there before the rules' reading counts. A value changed to one the document does not show
 * (a typo fixed by hand) teaches nothing and unlearns the field.
 */
import { isDeepStrictEqual } from 'node:util';
import { withinTolerance } from '@/lib/contract/validation/rules';
import type { Db } from '@/lib/db/client';
import type { ExtractionResult, ReadDocument, StructureDefinition } from '@/lib/service/engine';
import { learnAnchor, readAtAnchors } from '@/lib/service/engine/memory/anchors';
import { combineReadings, learnColumns } from '@/lib/service/engine/memory/columns';
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

/**
 * Do these rows' amounts add up to the figure the structure's sum rule names (the subtotal), or,
 * where that figure is not printed, to what it adds up to (a receipt's total)?
 */
function addsUp(structure: StructureDefinition, data: unknown, pointer: string, rows: unknown): boolean {
  const rules = structure.hints.rules ?? [];
  const rule = rules.find((r) => r.kind === 'sum' && normalizePointer(r.items) === pointer);
  if (rule?.kind !== 'sum' || !Array.isArray(rows)) return false;
  const sum = rows.reduce(
    (a: number, row) => a + (Number((row as Record<string, unknown>)[rule.field]) || 0),
    0,
  );
  const figures = [
    rule.equals,
    ...rules.flatMap((r) => (r.kind === 'add' && r.fields.includes(rule.equals) ? [r.equals] : [])),
  ];
  const target = figures.map((f) => at(data, normalizePointer(f))).find((v) => typeof v === 'number');
  return typeof target === 'number' && withinTolerance(sum, target, rule);
}

/** The columns whose every cell the rules had read as the reviewer left it (same rows, same values). */
function columnsReadRight(before: unknown, after: unknown): string[] {
  if (!Array.isArray(before) || !Array.isArray(after) || before.length !== after.length) return [];
  const rows = after as Record<string, unknown>[];
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r ?? {})))];
  return keys.filter((key) =>
    rows.every((row, i) => isDeepStrictEqual((before[i] as Record<string, unknown>)?.[key], row?.[key])),
  );
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
      const anchor = captions
        ? ({ kind: 'columns', captions, ruled: columnsReadRight(at(before, pointer), rows) } as const)
        : null;
      return { pointer, value: rows, anchor };
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
  const inTable = (p: string) => /\/\d+\//.test(p);
  // Fields first: the learned subtotal is what the tables below are checked against.
  for (const p of Object.keys(read.sources)) if (!inTable(p)) setAtPointer(data, p, at(read.data, p));
  // A table read at its learned columns replaces the rules' rows whole, unless only the rules'
  // rows add up to the document's figures (this document's table is not the one learned).
  const keptTables = new Set<string>();
  for (const { pointer, anchor } of learned) {
    const rows = at(read.data, pointer) as Record<string, unknown>[] | undefined;
    const ruled = at(data, pointer);
    if (anchor.kind !== 'columns' || rows === undefined) continue;
    if (addsUp(structure, data, pointer, ruled) && !addsUp(structure, data, pointer, rows)) continue;
    keptTables.add(pointer);
    // The same rows read two ways: the learned cells, with the rules' where they read better.
    const combined = combineReadings(ruled, rows, anchor.ruled);
    setAtPointer(data, pointer, combined ?? rows);
    for (const p of Object.keys(sources)) {
      if (!p.startsWith(`${pointer}/`)) continue;
      // A cell kept from the rules' reading keeps its source; the others are the learned ones.
      const cell = p.slice(pointer.length);
      if (combined && at(combined, cell) === at(ruled, cell)) {
        delete read.sources[p];
        continue;
      }
      delete sources[p];
      delete confidence[p];
    }
  }
  const used = Object.keys(read.sources).filter(
    (p) => !inTable(p) || [...keptTables].some((t) => p.startsWith(`${t}/`)),
  );
  for (const p of used) {
    sources[p] = read.sources[p];
    confidence[p] = read.confidence[p];
  }
  return { data, sources, confidence };
}
