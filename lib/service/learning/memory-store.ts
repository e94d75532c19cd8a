/**
 * The service's learning memory in the database: the layouts of the documents it read (so a later
 * correction can be matched against them) and the anchors corrections taught, per account, tenant,
 * structure and issuer.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { accounts, documentLayouts, extractionMemory, structures } from '@/lib/db/schema/service';
import type { Anchor, LearnedField } from '@/lib/service/engine/memory/anchors';
import type { ReadDocument } from '@/lib/service/engine/types';

export interface MemoryScope {
  accountId: string;
  tenantId: string | null;
  structureId: string;
}

const tenant = (t: string | null) => t ?? '';

/** Keeps what was read of each document (once per account and content). */
export async function saveLayouts(db: Db, accountId: string, documents: ReadDocument[]): Promise<void> {
  const rows = documents
    .filter((d) => d.sha256 && d.pages.some((p) => p.lines.length > 0))
    .map((d) => ({
      accountId,
      sha256: d.sha256!,
      document: { kind: d.kind, mimeType: d.mimeType, filename: d.filename, pages: d.pages, ocr: d.ocr },
    }));
  if (rows.length > 0) await db.insert(documentLayouts).values(rows).onConflictDoNothing();
}

/** The read documents with these hashes, in the order asked (null where none was kept). */
export async function loadLayouts(
  db: Db,
  accountId: string,
  hashes: (string | null)[],
): Promise<(ReadDocument | null)[]> {
  const wanted = hashes.filter((h): h is string => !!h);
  if (wanted.length === 0) return hashes.map(() => null);
  const rows = await db
    .select()
    .from(documentLayouts)
    .where(and(eq(documentLayouts.accountId, accountId), inArray(documentLayouts.sha256, wanted)));
  const byHash = new Map(rows.map((r) => [r.sha256, r]));
  return hashes.map((h) => {
    const row = h ? byHash.get(h) : undefined;
    if (!row) return null;
    const d = row.document as Omit<ReadDocument, 'sha256'>;
    return { ...d, sha256: row.sha256 };
  });
}

/** The memory rows of one issuer in one scope (account, tenant, structure): nothing crosses scopes. */
function issuerInScope(scope: MemoryScope, fingerprint: string) {
  return and(
    eq(extractionMemory.accountId, scope.accountId),
    eq(extractionMemory.tenantId, tenant(scope.tenantId)),
    eq(extractionMemory.structureId, scope.structureId),
    eq(extractionMemory.fingerprint, fingerprint),
  );
}

/** The issuers something was learned about in this scope (their fingerprint keys). */
export async function issuersInScope(db: Db, scope: MemoryScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ fingerprint: extractionMemory.fingerprint })
    .from(extractionMemory)
    .where(
      and(
        eq(extractionMemory.accountId, scope.accountId),
        eq(extractionMemory.tenantId, tenant(scope.tenantId)),
        eq(extractionMemory.structureId, scope.structureId),
      ),
    );
  return rows.map((r) => r.fingerprint);
}

/** The anchors learned for this issuer in this scope. */
export async function recall(db: Db, scope: MemoryScope, fingerprint: string): Promise<LearnedField[]> {
  const rows = await db
    .select({ field: extractionMemory.field, anchor: extractionMemory.anchor })
    .from(extractionMemory)
    .where(issuerInScope(scope, fingerprint));
  return rows.map((r) => ({ pointer: r.field, anchor: r.anchor as Anchor }));
}

/** Remembers (or replaces) where a field of this issuer is printed. */
export async function remember(
  db: Db,
  scope: MemoryScope,
  issuer: { fingerprint: string; label: string },
  field: { pointer: string; anchor: Anchor; example: unknown; entryId: string },
): Promise<void> {
  const now = new Date();
  await db
    .insert(extractionMemory)
    .values({
      accountId: scope.accountId,
      tenantId: tenant(scope.tenantId),
      structureId: scope.structureId,
      fingerprint: issuer.fingerprint,
      issuer: issuer.label,
      field: field.pointer,
      anchor: field.anchor,
      example: field.example,
      entryId: field.entryId,
    })
    .onConflictDoUpdate({
      target: [
        extractionMemory.accountId,
        extractionMemory.tenantId,
        extractionMemory.structureId,
        extractionMemory.fingerprint,
        extractionMemory.field,
      ],
      set: {
        anchor: field.anchor,
        example: field.example,
        entryId: field.entryId,
        issuer: issuer.label,
        updatedAt: now,
      },
    });
}

/** Forgets what an anchor taught about a field (a correction back to what the rules read). */
export async function forget(
  db: Db,
  scope: MemoryScope,
  fingerprint: string,
  pointer: string,
): Promise<void> {
  await db
    .delete(extractionMemory)
    .where(and(issuerInScope(scope, fingerprint), eq(extractionMemory.field, pointer)));
}

export interface MemoryRow {
  id: string;
  accountId: string;
  accountName: string | null;
  tenantId: string;
  structureId: string;
  structureName: string | null;
  fingerprint: string;
  issuer: string;
  field: string;
  anchor: Anchor;
  example: unknown;
  updatedAt: Date;
}

/** Everything learned, for the dashboard: by structure, then issuer, then field. */
export async function listMemory(db: Db): Promise<MemoryRow[]> {
  const rows = await db
    .select({
      id: extractionMemory.id,
      accountId: extractionMemory.accountId,
      accountName: accounts.name,
      tenantId: extractionMemory.tenantId,
      structureId: extractionMemory.structureId,
      structureName: structures.name,
      fingerprint: extractionMemory.fingerprint,
      issuer: extractionMemory.issuer,
      field: extractionMemory.field,
      anchor: extractionMemory.anchor,
      example: extractionMemory.example,
      updatedAt: extractionMemory.updatedAt,
    })
    .from(extractionMemory)
    .leftJoin(accounts, eq(accounts.id, extractionMemory.accountId))
    .leftJoin(structures, eq(structures.id, extractionMemory.structureId))
    .orderBy(
      asc(structures.name),
      asc(extractionMemory.issuer),
      asc(extractionMemory.accountId),
      asc(extractionMemory.tenantId),
      asc(extractionMemory.field),
    );
  return rows.map((r) => ({ ...r, anchor: r.anchor as Anchor }));
}

/** Deletes one learned field, or every field of an issuer in a scope; returns how many rows went. */
export async function deleteMemory(
  db: Db,
  target: { id: string } | (MemoryScope & { fingerprint: string }),
): Promise<number> {
  const where =
    'id' in target
      ? eq(extractionMemory.id, target.id)
      : and(
          eq(extractionMemory.accountId, target.accountId),
          eq(extractionMemory.tenantId, tenant(target.tenantId)),
          eq(extractionMemory.structureId, target.structureId),
          eq(extractionMemory.fingerprint, target.fingerprint),
        );
  const gone = await db.delete(extractionMemory).where(where).returning({ id: extractionMemory.id });
  return gone.length;
}
