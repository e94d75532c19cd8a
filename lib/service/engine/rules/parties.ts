/**
 * The parties a document names without labels: the issuer (a company with its legal form in the
 * letterhead, beside a logo or in the footer with register and tax ids) and the recipient (the
 * address block in the envelope window). Both are found by shape, never by a particular wording,
 * and reported with low confidence.
 */
import type { Source } from '../types';
import { SPECK_QUOTES } from './ocr-strings';
import {
  type DocView,
  type LineRef,
  type SpanRef,
  SYNTHETIC_GEOMETRY,
  top,
  union,
  x0,
  x1,
} from './page-view';

/** Legal forms that end a company name, across the countries the engine reads. */
const LEGAL_FORM =
  /(?<![\p{L}\p{N}])(?:GmbH(?:\s*&\s*Co\.?\s*KG)?|AG|KG|OHG|UG(?:\s*\(haftungsbeschränkt\))?|e\.\s?K\.|Ltd\.?|Limited|LLC|L\.L\.C\.|LLP|Inc\.?|Corp\.?|Corporation|PLC|plc|Pty\.?\s*Ltd\.?|Pty|ASA|AS|A\/S|AB|Oy|ApS|B\.V\.|BV|N\.V\.|NV|SARL|S\.A\.R\.L\.|SAS|S\.A\.S\.|S\.A\.|SA|S\.L\.U\.|SLU|S\.L\.|SL|S\.p\.A\.|SpA|S\.r\.l\.|Srl|S\.n\.c\.|Lda\.?|Ltda\.?|GbR|s\.r\.o\.|Co\.)(?![\p{L}\p{N}])/u;

/** Pieces of a line that are contact, register or bank details, not an address. */
const NOT_ADDRESS =
  /@|(?<![\p{L}\p{N}])(?:t[ée]l|phone|fon|telefon|t[ée]l[ée]phone|tel[ée]fono|fax|e-?mail|mail|web|www|https?|iban|bic|swift|vat|ust|mwst|tva|iva|btw|nif|cif|siret|siren|rcs|hrb|hra|amtsgericht|registergericht|register|registered|reg|company\s+no|kvk|p\.?\s?iva|codice\s+fiscale|rea|uid|abn|acn|ein|org\.?\s?nr|mva|capital|capitale|kapital|stammkapital|gesch[äa]ftsf[üu]hrer|managing|director|directeur|bank|konto|account|sort\s+code|steuer|tax)(?![\p{L}\p{N}])/iu;

/** Document titles are not names. */
export const TITLE =
  /^(?:tax\s+)?(?:invoice|rechnung|facture|factura|fattura|factuur|fatura|receipt|quittung|kassenbon|beleg|re[çc]u|ticket|recibo|scontrino|purchase\s+order|bestellung|bon\s+de\s+commande|pedido|ordine|bestelling|encomenda|statement|kontoauszug|relev[ée])\b/i;

/** A form of address alone on its line, above the name in a window ("Herm": OCR's "Herrn", rn read as m). */
const SALUTATION =
  /^(?:herm|exmo\(?s?\)?\.?(?:\s+senhor\(?(?:es)?\)?)?|exma\(?s?\)?\.?(?:\s+senhora\(?s?\)?)?|herrn?|frau|firma|familie|mr\.?|mrs\.?|ms\.?|miss|messrs\.?|monsieur|madame|mademoiselle|m\.|mme\.?|mlle\.?|señor|señora|sr\.?|sra\.?|signor[ae]?|sig\.(?:ra)?|spett\.(?:le)?|dhr\.?|mevr\.?|de heer|mevrouw|exmo\.?|exma\.?)$/i;

/** An attention line in an address block. */
const ATTENTION =
  /^(?:z\.\s?hd\.?|zu\s+h(?:än|a)nden|attn\.?|attention|att\.|à l['’]attention|a\/a|all['’]attenzione|t\.a\.v\.?|a\/c)\b/i;

/** A person addressed by name in a company's block ("Herrn Dr. Klaus Weber", "Mrs Jane Doe"). */
const PERSON =
  /^(?:herrn?|frau|mr\.?|mrs\.?|ms\.?|monsieur|madame|mme\.?|señora?|sra?\.|signor[ae]?|sig\.(?:ra)?|dhr\.?|mevr\.?|exm[oa]\.?\s+sr\.?a?)\s+(?:(?:dr|prof|ing|mag|dipl)\.?(?:-\p{L}+\.?)?\s+)*\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*){0,3}$/iu;

/** "z. Hd. Frau Brandt", "Attn: Accounts", "Herrn Dr. Klaus Weber": who is to read it, not where it goes. */
export const isAttentionLine = (text: string) => {
  // A speck before the line read as a quote or a dot ("'z. Hd. Frau Brandt") does not hide it.
  const line = text.trim().replace(/^[‘’'"“”`´.,:;*]+\s*/, '');
  return ATTENTION.test(line) || PERSON.test(line);
};

/**
 * A customer's number in its block ("N° client : 40213", "Réf. client : 40213", "Kunden-Nr. 10442",
 * "Customer no 88213"), its "N°" read by OCR as "N*" or "N?": its figures are no postcode.
 */
const CUSTOMER_NUMBER =
  /^[\s'‘’.,]*(?:n\s?[°º*?o.]\.?\s*|nr\.?\s*|no\.?\s*|r[ée]f\.?\s*|code\s+|id\.?\s*)?(?:client|cliente|customer|kunden?|klant|debiteur)(?:[\s-]?(?:n[°º*?o.]|nr|no|nummer|number|num)\.?)?\s*[:#]?\s*[\w-]*\d/iu;

/**
 * A telephone number, with at most a short word before it ("Cell (303) 555-0142", "+44 20 7946
 * 0958"): nine figures at least and only a number's marks among them, where a postcode has words.
 */
const PHONE_LINE = /^[\p{L}.:\s]{0,10}\+?(?=(?:[^\d]*\d){9})[\d\s()./-]+$/u;

/** A line of a party's ids or contacts ("CIF A87654321", "Tel. 030 1234"): in its block, not its address. */
export const isIdOrContactLine = (text: string) =>
  (NOT_ADDRESS.test(text) && !POSTCODE.test(text)) ||
  CUSTOMER_NUMBER.test(text) ||
  PHONE_LINE.test(text.trim());

/**
 * A line with a postcode: "10115 Berlin", "SW1A 1AA", "CO 80202", "1010 Wien". A British inward
 * code's middle letter may be read as a digit ("YO10 3QD" as "YO10 30D"): still a postcode.
 */
const POSTCODE = /\b\d{4,5}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z\d][A-Z]\b|\b[A-Z]{2}\s+\d{5}\b/;

const SEPARATORS = /\s*[·•|]\s*|\s{2,}|\s+[–—]\s+/;

/**
 * The space between a house number and the postcode and town after it ("Am Mühlbach 3 88212
 * Ravensburg"): a line's pieces part there when the dot between them was lost (a scan's small
 * sender line) or never printed.
 */
const HOUSE_NUMBER_THEN_POSTCODE =
  /(?<=\s\d{1,4}[a-z]?)(?:,|[:;](?=\s))?\s+(?=(?:\d{5}|\d{4}(?:-\d{3}|\s?[A-Z]{2})?)\s+\p{Lu})/u;

export interface PartyFound {
  value: string;
  score: number;
  source: Source;
}

export interface Party {
  name: PartyFound;
  address: PartyFound | null;
  /** Keys of the lines that hold the party, so the other party is not read from them. */
  lines: Set<string>;
}

interface Candidate {
  name: string;
  line: LineRef;
  span: SpanRef;
  view: DocView;
  /** Where the rest of the name's span starts (address pieces may follow on the same span). */
  restStart: number;
  score: number;
}

const foldName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const SPECK_BEFORE_CAPITAL = new RegExp(`^[${SPECK_QUOTES}]+(?=\\p{Lu})`, 'u');

/** "© 2026 Acme Trading GmbH, Berlin" → "Acme Trading GmbH" with where the rest starts. */
function companyIn(text: string): { name: string; end: number } | null {
  let offset = 0;
  for (const piece of text.split(SEPARATORS)) {
    const at = text.indexOf(piece, offset);
    offset = at + piece.length;
    const m = LEGAL_FORM.exec(piece);
    if (!m || m.index === 0) continue;
    // "Heller & Co. KG": a second form right after the first belongs to the name.
    const more = new RegExp(`^\\s+${LEGAL_FORM.source}`, 'u').exec(piece.slice(m.index + m[0].length));
    if (more) m[0] += more[0];
    let start = 0;
    const lead = piece.match(/^(?:©|\(c\)|copyright)?\s*(?:\d{4}\s*)?/i);
    if (lead) start = lead[0].length;
    // A label in front ("Seller: Acme Ltd") or a sentence: keep the capitalised words before the form.
    const before = piece.slice(start, m.index);
    // A speck read as a quote mark before a capital ("‚Brandt & Söhne KG") is no part of the name.
    const words = before
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(SPECK_BEFORE_CAPITAL, ''));
    let keep = words.length;
    while (keep > 0 && words.length - keep < 6 && /^[\p{Lu}\p{N}&'’.-]/u.test(words[keep - 1])) keep--;
    const nameWords = words.slice(keep);
    if (nameWords.length === 0 || nameWords.join('') === '') continue;
    const name = `${nameWords.join(' ')} ${m[0]}`.replace(/\s+,/g, ',').replace(/,\s*$/, '').trim();
    if (name.length > 70 || !/\p{L}{2,}/u.test(nameWords.join(' '))) continue;
    return { name: name.replace(/\s+(?=[.,])/g, ''), end: at + m.index + m[0].length };
  }
  return null;
}

const lineHeight = (l: LineRef) => l.line.bbox?.[3] ?? 0.01;

// The comma's space may be lost on a scan ("Unipessoal,Lda.").
const LEGAL_FORM_ALONE = new RegExp(`^(?:\\p{Lu}\\p{L}+(?:,\\s*|\\s+))?${LEGAL_FORM.source}\\.?$`, 'u');

/**
 * A company name wrapped in a narrow block: "Tecnologias Atlânticas," over "S.A.", "Transportes
 * Norte" over "Unipessoal, Lda.". The next line continues the name when it is only the legal form
 * the first line lacks, or when the first line ends mid-name (",", "&").
 */
export function continuesName(first: string, next: string): boolean {
  const a = first.trim();
  const b = next.trim();
  if (!b || LEGAL_FORM.test(a) || /\d/.test(b)) return false;
  if (DANGLING.test(a) && /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?$/u.test(b)) return true;
  return LEGAL_FORM_ALONE.test(b) || (/[,&]$/.test(a) && LEGAL_FORM.test(b) && b.split(/\s+/).length <= 4);
}

/**
 * A name cut after a word that joins two or an article ("Caixa Popular do" over "Norte", "Bank of"
 * over "Ireland", "Supermercado El" over "Sol").
 */
const DANGLING =
  /\s(?:of|and|&|und|der|des|für|du|de|et|del|de la|y|di|della|e|do|da|dos|das|van|von|voor|en|the|die|el|la|le|les|los|las|il|lo|het)$/iu;

/** Lines of the same column under `from`, while they stay close. */
function columnBelow(
  lines: LineRef[],
  from: LineRef,
  span: SpanRef,
  max: number,
): { line: LineRef; spans: SpanRef[] }[] {
  const out: { line: LineRef; spans: SpanRef[] }[] = [];
  let prev = from;
  const ax = x0(span.span);
  const bx = x1(span.span);
  for (let i = from.index + 1; i < lines.length && out.length < max; i++) {
    const next = lines[i];
    // A blank line (or more than a line and a half of space) ends the block.
    if (top(next.line) - top(prev.line) > 1.7 * Math.max(lineHeight(prev), lineHeight(from))) break;
    // Left-aligned with the name, right-aligned (in the right half), or centred under it.
    const inColumn = next.spans.filter(
      (s) =>
        Math.abs(x0(s.span) - ax) < 0.03 ||
        (Math.abs(x1(s.span) - bx) < 0.03 && x0(s.span) > 0.4) ||
        (Math.abs((x0(s.span) + x1(s.span)) / 2 - (ax + bx) / 2) < 0.015 &&
          Math.abs(ax - 0.5 + (bx - ax) / 2) < 0.1),
    );
    // A line of the neighbouring column set between two of this one's: passed over.
    if (inColumn.length === 0) continue;
    // The parts of a line cut at its dots ("Polígono 7 · 11500 Cádiz · CIF A11…") go on with it.
    for (const s of next.spans) {
      const last = inColumn[inColumn.length - 1];
      if (s.index === last.index + 1 && x0(s.span) - x1(last.span) < 0.035) inColumn.push(s);
    }
    out.push({ line: next, spans: inColumn });
    prev = next;
  }
  return out;
}

function sourceOf(view: DocView, page: number, spans: SpanRef[], text: string): Source {
  const synthetic = SYNTHETIC_GEOMETRY.has(view.doc.kind);
  return {
    document: view.index,
    page,
    bbox: synthetic ? null : union(spans.map((s) => s.span.bbox)),
    text,
  };
}

function addressAfter(c: Candidate, lines: LineRef[], labelSpans: Set<string>): PartyFound | null {
  const pieces: string[] = [];
  const used: SpanRef[] = [];
  let stop = false;
  // A footer strings facts together ("Acme Ltd · Registered in England No. 0123 · 1 High St …"):
  // the register and bank pieces are passed over there; under a letterhead they end the address.
  const footer = top(c.line.line) > 0.75;
  const take = (text: string, span: SpanRef, key: string, onNameLine = true) => {
    if (stop) return;
    // An id line right under the name ("NIF B12345678") comes before the address, not after it.
    if (!onNameLine && pieces.length === 0 && isIdOrContactLine(text)) return;
    if (labelSpans.has(key)) {
      stop = true;
      return;
    }
    for (const piece of text.split(SEPARATORS).flatMap((t) => t.split(HOUSE_NUMBER_THEN_POSTCODE))) {
      const p = piece.replace(/^[\s,;:]+|[\s,;:]+$/g, '');
      if (!p) continue;
      if (NOT_ADDRESS.test(p) && footer && onNameLine) continue;
      if (NOT_ADDRESS.test(p) || pieces.length >= 4) {
        stop = true;
        // "3511 AX Utrecht KvK 71234567": the dot before the register lost, the town before it is kept.
        const head = p.slice(0, p.search(NOT_ADDRESS)).replace(/[\s,;:]+$/, '');
        if (pieces.length < 4 && POSTCODE.test(head) && /\p{L}/u.test(head)) {
          pieces.push(head);
          if (!used.includes(span)) used.push(span);
        }
        return;
      }
      pieces.push(p);
      if (!used.includes(span)) used.push(span);
    }
  };
  take(c.span.span.text.slice(c.restStart), c.span, `${c.line.key}:${c.span.index}`);
  // The rest of a footer line ("Acme GmbH · Hauptstr. 1 · 10115 Berlin · HRB 1234"), up to a
  // title across the page ("INVOICE") or, above the footer, a block of its own across a gap (the
  // recipient's window beside the letterhead).
  let before = c.span;
  for (const s of c.line.spans.slice(c.span.index + 1)) {
    if (TITLE.test(s.span.text.trim()) || (!footer && x0(s.span) - x1(before.span) > 0.08)) break;
    take(s.span.text, s, `${c.line.key}:${s.index}`);
    before = s;
  }
  if (!stop && pieces.length === 0) {
    for (const below of columnBelow(lines, c.line, c.span, 4)) {
      for (const s of below.spans) take(s.span.text, s, `${below.line.key}:${s.index}`, false);
      if (stop) break;
    }
  }
  while (pieces.length > 0 && !/\p{L}/u.test(pieces[pieces.length - 1])) pieces.pop();
  if (pieces.length === 0 || !pieces.some((p) => /\d/.test(p))) return null;
  const value = pieces.join(', ');
  return { value, score: 0.55, source: sourceOf(c.view, c.line.page, used, value) };
}

/**
 * The issuer: the company (name with a legal form) that the letterhead, logo line and footer
 * point to. A name printed more than once, at the very top, large, or next to register and tax
 * ids is the issuer's; a name under a recipient heading or equal to `avoid` is not.
 */
export function findIssuer(views: DocView[], labelSpans: Set<string>, avoid: string[]): Party | null {
  const avoided = avoid.map(foldName).filter(Boolean);
  const candidates: Candidate[] = [];
  for (const view of views.slice(0, 1)) {
    view.pages.forEach((lines, p) => {
      if (p > 0 && p < view.pages.length - 1) return;
      const heights = lines.map(lineHeight).sort((a, b) => a - b);
      const median = heights[Math.floor(heights.length / 2)] ?? 0.01;
      for (const line of lines) {
        for (const span of line.spans) {
          const found = companyIn(span.span.text);
          if (!found) continue;
          const name = found.name;
          const folded = foldName(name);
          if (avoided.some((a) => a === folded || a.includes(folded) || folded.includes(a))) continue;
          const y = top(line.line);
          let score = 0;
          if (p === 0 && y < 0.15) score += 2;
          else if (p === 0 && y < 0.3) score += 1;
          if (y > 0.82) score += 1.5;
          if (lineHeight(line) > 1.3 * median) score += 1;
          const near = lines.slice(Math.max(0, line.index - 2), line.index + 3);
          if (near.some((l) => l.spans.some((s) => NOT_ADDRESS.test(s.span.text)))) score += 1.5;
          if (labelSpans.has(`${line.key}:${span.index}`)) score -= 1;
          candidates.push({ name, line, span, view, restStart: found.end, score });
        }
      }
    });
  }
  if (candidates.length === 0) return null;
  // A name repeated (logo line and footer) is the issuer's.
  for (const c of candidates) {
    const same = candidates.filter((o) => foldName(o.name) === foldName(c.name)).length;
    c.score += Math.min(2, same - 1);
  }
  candidates.sort(
    (a, b) => b.score - a.score || a.line.page - b.line.page || top(a.line.line) - top(b.line.line),
  );
  const best = candidates[0];
  const sameName = candidates.filter((c) => foldName(c.name) === foldName(best.name));
  let address: PartyFound | null = null;
  // The occurrence with an address next to it gives the address (the letterhead or the footer).
  for (const c of sameName) {
    address = addressAfter(c, c.view.pages[c.line.page - 1] ?? [], labelSpans);
    if (address) break;
  }
  const lines = new Set(sameName.map((c) => c.line.key));
  return {
    name: {
      value: best.name,
      score: Math.min(0.65, 0.4 + best.score * 0.05),
      source: sourceOf(best.view, best.line.page, [best.span], best.name),
    },
    address,
    lines,
  };
}

/**
 * The recipient: an unlabelled block of two to five lines in the top half of the first page, the
 * first line a name and a later one a postcode, that is not the issuer's.
 */
export function findRecipient(views: DocView[], labelSpans: Set<string>, issuer: Party | null): Party | null {
  const view = views[0];
  const lines = view?.pages[0];
  if (!lines) return null;
  const issuerName = issuer ? foldName(issuer.name.value) : null;
  const excluded = (l: LineRef, s: SpanRef) =>
    labelSpans.has(`${l.key}:${s.index}`) ||
    NOT_ADDRESS.test(s.span.text) ||
    (issuerName !== null && foldName(s.span.text).includes(issuerName));
  /** A piece of the issuer's address; its postcode and town alone are no sign (both parties may share a town). */
  const inIssuerAddress = (s: SpanRef | undefined) =>
    s !== undefined && (issuer?.address?.value.includes(s.span.text.trim()) ?? false);
  let best: { spans: SpanRef[]; line: LineRef; x: number } | null = null;
  // The page's first line heads the sender's letterhead: a window block never starts there.
  const firstText = lines.find((l) => l.spans.some((s) => /\p{L}{2,}/u.test(s.span.text)));
  for (const line of lines) {
    if (top(line.line) > 0.5) break;
    if (issuer?.lines.has(line.key) || line === firstText) continue;
    for (const span of line.spans) {
      const text = span.span.text.trim();
      if (excluded(line, span) || !/\p{L}{2,}/u.test(text) || TITLE.test(text) || /\d/.test(text)) continue;
      const block = [span];
      const below = columnBelow(lines, line, span, 4);
      for (const [i, next] of below.entries()) {
        // In the column: starting where the name starts, or ending where it ends (right-aligned).
        const s = next.spans[0];
        if (!s || excluded(next.line, s)) break;
        // The issuer's street and town repeated end the block; the recipient may live in the same street.
        if (!POSTCODE.test(s.span.text) && inIssuerAddress(s) && inIssuerAddress(below[i + 1]?.spans[0]))
          break;
        block.push(s);
      }
      if (block.length < 2 || !block.slice(1).some((s) => POSTCODE.test(s.span.text))) continue;
      const x = x0(span.span);
      if (!best || (x < 0.5 && best.x >= 0.5)) best = { spans: block, line, x };
    }
    if (best) break;
  }
  if (!best) return null;
  // "Herrn / Jonas Weber": the form of address stands on a line of its own above the name.
  if (SALUTATION.test(best.spans[0].span.text.trim()) && best.spans.length > 2) best.spans.shift();
  const [first, ...rest] = best.spans.filter((s, i) => i === 0 || !isAttentionLine(s.span.text));
  const address = rest
    .slice(0, 3)
    .map((s) => s.span.text.trim().replace(/[,;]$/, ''))
    .join(', ');
  return {
    name: { value: first.span.text.trim(), score: 0.5, source: sourceOf(view, 1, [first], first.span.text) },
    address: address ? { value: address, score: 0.5, source: sourceOf(view, 1, rest, address) } : null,
    lines: new Set([best.line.key]),
  };
}
