/**
 * Which issuer a document comes from, as a stable key: the issuer's company name (legal form
 * included), else the first VAT-like id printed, else the words of the letterhead. Documents of one
 * issuer share it; numbers, dates and customers (which change) are left out.
 */

import { buildViews } from '../rules/page-view';
import { findIssuer } from '../rules/parties';
import { fold } from '../text-match';
import type { ReadDocument } from '../types';

export interface Fingerprint {
  /** Compared for equality: "issuer:acme widgets ltd", "vat:de123456789", "head:…". */
  key: string;
  /** For people (the dashboard): the issuer's name or id as printed. */
  label: string;
}

const VAT_ID = /\b(?:[A-Z]{2}\s?\d[\d\s]{7,13}\d|CHE[-\s]?\d{3}\.\d{3}\.\d{3})\b/;
const words = (s: string) =>
  fold(s)
    .text.replace(/[^\p{L}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function fingerprintOf(documents: ReadDocument[]): Fingerprint | null {
  const views = buildViews(documents.filter((d) => d.pages.some((p) => p.lines.length > 0)));
  if (views.length === 0) return null;
  const issuer = findIssuer(views, new Set(), []);
  if (issuer) return { key: `issuer:${words(issuer.name.value)}`, label: issuer.name.value };
  const lines = views[0].pages[0] ?? [];
  for (const l of lines) {
    const m = VAT_ID.exec(l.line.text);
    if (m) return { key: `vat:${m[0].replace(/[\s.-]/g, '').toLowerCase()}`, label: m[0] };
  }
  const head = lines
    .slice(0, 4)
    .map((l) => words(l.line.text))
    .filter((w) => w.length > 2)
    .slice(0, 2);
  if (head.length === 0) return null;
  return { key: `head:${head.join(' | ')}`, label: head.join(' · ') };
}
