/**
 * Which issuer a document comes from, as a stable key: the issuer's company name (legal form
 * included), else the first VAT-like id printed, else the words of the letterhead. Documents of one
 * issuer share it; numbers, dates and customers (which change) are left out.
 *
 * The rules can take the customer for the issuer (a seller's name without a legal form, a letter's
 * window). So what a correction teaches is kept under the issuer's name as corrected
 * (`issuerNamed`), and a new document is matched against every issuer already known
 * (`knownIssuerOf`): by its own key, else by a known issuer's name printed on it.
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

/** The key of an issuer by its name: the same words, whatever their case, accents and marks. */
const issuerKey = (name: string) => `issuer:${words(name)}`;

const readable = (documents: ReadDocument[]) =>
  buildViews(documents.filter((d) => d.pages.some((p) => p.lines.length > 0)));

/** The key of an issuer known by its name (a reviewer's correction of it). Null for a name too short to tell. */
export function issuerNamed(name: string): Fingerprint | null {
  const w = words(name);
  return w.replace(/\s/g, '').length >= 4 ? { key: issuerKey(name), label: name.trim() } : null;
}

/**
 * Which of the known issuer keys this document comes from: its own key when known, else the known
 * issuer whose name is printed earliest on it (letterhead before the customer's window), else null.
 * `recipients` are the names read as the document's addressee: a known issuer can be the customer.
 */
export function knownIssuerOf(
  documents: ReadDocument[],
  known: string[],
  recipients: string[] = [],
): string | null {
  const own = fingerprintOf(documents)?.key;
  if (own && known.includes(own)) return own;
  const addressees = new Set(recipients.map(issuerKey));
  const names = known
    .filter((k) => k.startsWith('issuer:') && !addressees.has(k))
    .map((k) => [k, k.slice(7)] as const);
  if (names.length === 0) return null;
  for (const view of readable(documents).slice(0, 1)) {
    for (const lines of view.pages) {
      for (const line of lines) {
        const text = ` ${words(line.line.text)} `;
        const hit = names.find(([, name]) => text.includes(` ${name} `));
        if (hit) return hit[0];
      }
    }
  }
  return null;
}

export function fingerprintOf(documents: ReadDocument[]): Fingerprint | null {
  const views = readable(documents);
  if (views.length === 0) return null;
  const issuer = findIssuer(views, new Set(), []);
  if (issuer) return { key: issuerKey(issuer.name.value), label: issuer.name.value };
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
