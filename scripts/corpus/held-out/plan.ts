/**
 * The corpus plan: every document of every structure, layout and issuer with its truth, HTML, optional
 * plain text and the formats it is rendered to. Pure (no browser), so tests can check it in milliseconds.
 */
import { INVOICES, ORDERS, RECEIPTS, STATEMENTS } from './families';
import type { HeldOutFormat } from './manifest';
import { type Rng, rng, seedFor } from './random';
import type { PageKind, ScanParams } from './rendering';
import type { DocumentModel, Layout, StructureKey } from './types';

/** One structure's layouts with their issuers, and how to draw, judge and print its documents. */
export interface Family<I extends { key: string }, M extends DocumentModel> {
  structure: StructureKey;
  page: PageKind;
  layouts: (Layout<M> & { issuers: I[] })[];
  sample(r: Rng, layout: Layout<M> & { issuers: I[] }, issuer: I, doc: number, id: string): M;
  truth(model: M): Record<string, unknown>;
  text(model: M): string;
  /** Image format of a single-page document, by its position k (layout × 4 + issuer × 2 + doc). */
  image(k: number): Exclude<HeldOutFormat, 'pdf' | 'txt'> | undefined;
  /** Whether the document is also written as plain text. */
  plainText(layoutIndex: number, issuerIndex: number, doc: number): boolean;
}

export interface PlannedDocument {
  model: DocumentModel;
  structure: StructureKey;
  page: PageKind;
  truth: Record<string, unknown>;
  html: string;
  text?: string;
  image?: Exclude<HeldOutFormat, 'pdf' | 'txt'>;
  scan: ScanParams;
}

/** The seed the published figures are measured on. */
export const DEFAULT_SEED = 11;

/** Documents per issuer: A and B, so corrections on A can be measured on B. */
export const DOCS_PER_ISSUER = 2;

export function scanParams(r: Rng, kind: PageKind): ScanParams {
  return {
    degrees: (r.chance(0.5) ? -1 : 1) * (0.5 + r.next() * 2.5),
    dpi: kind === 'receipt' ? r.int(130, 150) : r.int(115, 150),
    blur: 0.3 + r.next() * 0.5,
    noise: 5 + r.next() * 9,
    jpegQuality: r.int(45, 75),
    seed: r.int(1, 1_000_000),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: families differ in issuer and model types
export function planFamily(seed: number, family: Family<any, any>): PlannedDocument[] {
  const out: PlannedDocument[] = [];
  for (const [li, layout] of family.layouts.entries()) {
    for (const [ii, issuer] of layout.issuers.entries()) {
      for (let doc = 0; doc < DOCS_PER_ISSUER; doc++) {
        const id = `${layout.id}-${issuer.key}${doc + 1}`;
        const r = rng(seedFor(seed, id));
        const model = family.sample(r, layout, issuer, doc, id);
        out.push({
          model,
          structure: family.structure,
          page: family.page,
          truth: family.truth(model),
          html: layout.render(model),
          text: family.plainText(li, ii, doc) ? family.text(model) : undefined,
          image: model.long ? undefined : family.image(li * 4 + ii * 2 + doc),
          scan: scanParams(r, family.page),
        });
      }
    }
  }
  return out;
}

const FAMILIES = [INVOICES, RECEIPTS, ORDERS, STATEMENTS];
export const STRUCTURES: StructureKey[] = FAMILIES.map((f) => f.structure);

/** The whole corpus, or only the named structures (an unknown name is an error, not an empty corpus). */
export function planCorpus(seed: number, structures: readonly string[] = STRUCTURES): PlannedDocument[] {
  const unknown = structures.filter((s) => !STRUCTURES.includes(s as StructureKey));
  if (unknown.length)
    throw new Error(
      `unknown structure ${unknown.map((u) => `"${u}"`).join(', ')}; expected some of ${STRUCTURES.join(', ')}`,
    );
  return FAMILIES.filter((f) => structures.includes(f.structure)).flatMap((family) =>
    planFamily(seed, family),
  );
}

/** A corpus seed from the command line: a non-negative safe integer. */
export function parseSeed(value: string): number {
  const seed = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(seed) || seed < 0)
    throw new Error(`--seed must be a non-negative integer, got "${value}"`);
  return seed;
}
