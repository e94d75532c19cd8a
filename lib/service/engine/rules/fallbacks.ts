/**
 * Values a document shows without a label the structure names: the issuer and the recipient by
 * their shape, the first date printed, the first line, and the currency written next to an amount.
 * All are reported with low confidence, except a currency symbol on the amount itself.
 */
import { parseDate, parseEnum } from '../parse';
import type { FieldHint, Source } from '../types';
import { extractField } from './fields';
import {
  alignedUnder,
  type DocView,
  type Found,
  height,
  type LineRef,
  type SpanRef,
  spanSource,
  top,
  union,
  x0,
  x1,
} from './page-view';
import { continuesName, findIssuer, findRecipient, type Party, TITLE } from './parties';
import { parseValue } from './values';

/** "… vom 03.03.2026", "… of 3 March 2026", "… du 3 mars 2026": the date a document is dated. */
const DATED = /\s(?:vom|of|dated|du|del|de|dd\.?|van|da)\s+(\d.*)$/i;

/** What joins the two ends of a date range: "to", "–", "bis", "au", "al", "até", "tot". */
const RANGE = /\s+(?:to|through|until|till|[-–—]|bis|au|à|al|a|hasta|até|tot|t\/m)\s+|\s*[–—]\s*/i;

/** The country code that opens an IBAN ("DE44 6705 …") or a VAT id ("ATU12345678" aside, "FR12345678901"). */
const ID_COUNTRY = /\b([A-Z]{2})(?:\d{2}(?: ?[A-Z0-9]{4}){3,7}\b|\d{8,12}\b)/;

/** A state and ZIP code ("Denver, CO 80202") or a province and postal code ("Toronto, ON M5V 2T6"). */
const ADDRESS_COUNTRY =
  /,\s*(?:(?<us>A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])\s+\d{5}(?:-\d{4})?|(?<ca>AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d)\b/;

/** Currency by the country code that opens an IBAN or VAT id. */
const COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(
    [
      'AT',
      'BE',
      'CY',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'EL',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
    ].map((c) => [c, 'EUR']),
  ),
  GB: 'GBP',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
};

export class Fallbacks {
  private issuer: Party | null | undefined;
  private recipient: Party | null | undefined;

  constructor(
    private readonly views: DocView[],
    private readonly labelSpans: Set<string>,
    /** Names already read by label for the other party (the issuer is not them). */
    private readonly recipientNames: () => string[],
  ) {}

  private parties() {
    if (this.issuer === undefined)
      this.issuer = findIssuer(this.views, this.labelSpans, this.recipientNames());
    if (this.recipient === undefined)
      this.recipient = findRecipient(this.views, this.labelSpans, this.issuer);
    return { issuer: this.issuer, recipient: this.recipient };
  }

  find(hint: FieldHint, taken: Source[]): Found | null {
    switch (hint.fallback) {
      case 'issuer_name':
      case 'issuer_address':
      case 'recipient_name':
      case 'recipient_address': {
        const { issuer, recipient } = this.parties();
        let party = hint.fallback.startsWith('issuer') ? issuer : recipient;
        // The recipient's name read by its label, and a window block of someone else: not theirs.
        const named = this.recipientNames().map((n) => n.trim().toLowerCase());
        if (party === recipient && named.length > 0 && !named.includes(party?.name.value.toLowerCase() ?? ''))
          party = null;
        const v = hint.fallback.endsWith('name') ? party?.name : party?.address;
        if (v) return { value: v.value, score: v.score, source: v.source, order: 0 };
        // No company with a legal form: a shop's name heads its receipt.
        return !issuer && hint.fallback.startsWith('issuer') ? this.firstLine(hint) : null;
      }
      case 'first_date':
        return this.firstDate(taken);
      case 'date_range':
        return this.dateRange(hint);
      case 'country_currency':
        return this.countryCurrency();
      case 'first_line':
        return this.firstLine(hint);
      case 'strip_code':
      case 'strip_later_date':
        return this.fromReferenceStrip(hint, taken);
      default:
        return null;
    }
  }

  /** The first date on the first page that no other field took (a receipt's "14/03/2026 14:05"). */
  private firstDate(taken: Source[]): Found | null {
    const view = this.views[0];
    for (const lines of view?.pages.slice(0, 1) ?? []) {
      for (const line of lines) {
        for (const s of line.spans) {
          // A labelled span holds another field's value, but may date the document after it:
          // "Rechnung 4711 vom 03.03.2026", "Order No. 4500012345 of 03/03/2026".
          const text = this.labelSpans.has(`${line.key}:${s.index}`)
            ? DATED.exec(s.span.text)?.[1]
            : s.span.text;
          if (!text) continue;
          const parsed = parseDate(text, view.ctx);
          if (!parsed) continue;
          if (taken.some((t) => t.page === line.page && t.text.includes(parsed.text))) continue;
          // A date with a time beside it is a moment of sale; a lone date may be any date.
          const timed = /\b\d{1,2}:\d{2}\b/.test(line.line.text);
          return {
            value: parsed.value,
            score: Math.min(parsed.clean, timed ? 0.65 : 0.5),
            order: 0,
            source: spanSource(view, line, s),
          };
        }
      }
    }
    return null;
  }

  /**
   * A strip of references whose captions OCR lost (fine print over boxed values): "2023/5859 |
   * 12-04-2024 | 11-06-2024 | EUR" right under the title (or under what OCR read of its captions),
   * nothing labelled on it. Its code (of the field's pattern) is the document's number; its later
   * date, after the date of issue, the date such a strip prints second (due, delivery). Scanned
   * pages only, low confidence.
   */
  private fromReferenceStrip(hint: FieldHint, taken: Source[]): Found | null {
    const view = this.views[0];
    if (!view?.ctx.ocr) return null;
    const lines = view.pages[0] ?? [];
    const title = lines.findIndex((l) => top(l.line) < 0.4 && TITLE.test(l.line.text.trim()));
    // The captions OCR read of the strip's may stand between it and the title ("DATA").
    const next = title >= 0 ? lines[title + 1] : undefined;
    const strip = next && !/\d/.test(next.line.text) ? lines[title + 2] : next;
    if (
      !strip ||
      strip.spans.length < 3 ||
      strip.spans.some((s) => this.labelSpans.has(`${strip.key}:${s.index}`))
    )
      return null;
    const dates = strip.spans.flatMap((s) => {
      const parsed = parseDate(s.span.text, view.ctx);
      return parsed ? [{ s, parsed }] : [];
    });
    if (dates.length !== 2) return null;
    const free = (s: SpanRef) => !taken.some((t) => t.page === strip.page && t.text === s.span.text);
    if (hint.fallback === 'strip_later_date') {
      const [first, second] = dates;
      if (!(second.parsed.value > first.parsed.value) || !free(second.s)) return null;
      return {
        value: second.parsed.value,
        score: STRIP_SCORE,
        order: 0,
        source: spanSource(view, strip, second.s),
      };
    }
    for (const s of strip.spans) {
      if (dates.some((d) => d.s === s) || !/\d/.test(s.span.text) || !free(s)) continue;
      const parsed = parseValue(s.span.text, hint, view.ctx);
      if (typeof parsed?.value === 'string' && /\d/.test(parsed.value))
        return { value: parsed.value, score: STRIP_SCORE, order: 0, source: spanSource(view, strip, s) };
    }
    return null;
  }

  /** Two dates joined as a range, alone on their span: a statement's period without a label. */
  private dateRange(hint: FieldHint): Found | null {
    const view = this.views[0];
    for (const line of view?.pages[0] ?? []) {
      // Labelled spans too: "Auszug vom 01.03.2026 bis 31.03.2026" is labelled as the statement.
      for (const s of line.spans) {
        const parts = s.span.text.split(RANGE);
        if (parts.length !== 2) continue;
        const from = parseDate(parts[0], view.ctx);
        const to = parseDate(parts[1], view.ctx);
        if (!from || !to || from.value > to.value) continue;
        const picked = hint.pick === 'last' ? to : from;
        return {
          value: picked.value,
          score: Math.min(picked.clean, 0.6),
          order: 0,
          source: spanSource(view, line, s),
        };
      }
    }
    return null;
  }

  /** The currency of the country whose IBAN or VAT id the document prints (a guess: low confidence). */
  private countryCurrency(): Found | null {
    // An IBAN or VAT id names its country for sure; an address only hints at it.
    for (const [shape, score] of [
      [ID_COUNTRY, 0.5],
      [ADDRESS_COUNTRY, 0.4],
    ] as const) {
      for (const view of this.views) {
        for (const lines of view.pages) {
          for (const line of lines) {
            for (const s of line.spans) {
              const m = shape.exec(s.span.text);
              const currency = m && (m.groups?.us ? 'USD' : m.groups?.ca ? 'CAD' : COUNTRY_CURRENCY[m[1]]);
              if (currency) return { value: currency, score, order: 0, source: spanSource(view, line, s) };
            }
          }
        }
      }
    }
    return null;
  }

  private firstLine(hint: FieldHint): Found | null {
    // At the top; not a title, nor a line that starts with another field's label ("Datum: 23.01.2024").
    const first = this.views[0]?.pages[0]?.find(
      (l) =>
        top(l.line) < 0.3 &&
        l.spans.some((s) => /\p{L}/u.test(s.span.text)) &&
        !TITLE.test(l.line.text.trim()) &&
        !this.labelSpans.has(`${l.key}:0`),
    );
    if (!first) return null;
    const span = first.spans.find((s) => /\p{L}/u.test(s.span.text))!;
    const found = extractField(hint, [{ line: first, span, rest: 0 }], this.views, this.labelSpans);
    if (!found) return null;
    found.score *= 0.6;
    const wrapped = this.wrappedName(first, span);
    if (!wrapped || typeof found.value !== 'string') return found;
    if (hint.fallback === 'issuer_address') {
      // The address starts under the name: the name's second line, where the block took it, is
      // passed over too.
      if (!found.value.startsWith(`${wrapped.span.text.trim()}, `)) return found;
      const under = { ...hint, skipLines: (hint.skipLines ?? 0) + 1 };
      const address = extractField(under, [{ line: first, span, rest: 0 }], this.views, this.labelSpans);
      if (address) address.score *= 0.6;
      return address ?? found;
    }
    const whole = `${found.value} ${wrapped.span.text.trim()}`;
    found.value = whole;
    const bbox = found.source.bbox && union([found.source.bbox, wrapped.span.bbox]);
    found.source = { ...found.source, text: whole, bbox };
    return found;
  }

  /**
   * The line a name wrapped in a narrow letterhead goes on with, set as its first line is: from
   * the same left edge, to the same right edge, or about the same middle.
   */
  private wrappedName(first: LineRef, span: SpanRef): SpanRef | null {
    const next = this.views[0].pages[0][first.index + 1];
    if (!next || top(next.line) - top(first.line) >= 2 * height(first.line)) return null;
    const under = alignedUnder(next.spans, x0(span.span), x1(span.span), ['start', 'end', 'middle'], 0.01);
    if (!under) return null;
    const goesOn =
      continuesName(span.span.text.trim(), under.span.text) ||
      (!this.labelSpans.has(`${next.key}:${under.index}`) && this.sameLargeLetters(span, under));
    return goesOn ? under : null;
  }

  /**
   * A shop's name printed larger than the page's text and wrapped in a narrow header ("Corner" over
   * "Market"): the line under it in the same large letters, words without figures, goes on with it.
   */
  private sameLargeLetters(name: SpanRef, under: SpanRef): boolean {
    const text = under.span.text.trim();
    if (!/^\p{L}[\p{L}'’.&-]*(?:\s+\p{L}[\p{L}'’.&-]*){0,2}$/u.test(text) || TITLE.test(text)) return false;
    const heights = (this.views[0]?.pages[0] ?? [])
      .flatMap((l) => l.spans.map((s) => s.span.bbox?.[3] ?? 0))
      .sort((a, b) => a - b);
    const body = heights[heights.length >> 1] ?? 0;
    const a = name.span.bbox?.[3] ?? 0;
    const b = under.span.bbox?.[3] ?? 0;
    // A scan's specks make one line of the same print up to a third taller; descenders on the
    // taller line alone ("Monoprix" over "Bastille") up to half.
    const [tall, short] = a >= b ? [name, under] : [under, name];
    const descends = (s: SpanRef) => DESCENDERS.test(s.span.text);
    const taller = descends(tall) && !descends(short) ? 1.5 : 4 / 3;
    return body > 0 && a > LARGE * body && b > LARGE * body && Math.max(a, b) < taller * Math.min(a, b);
  }
}

/** A value read from a strip of references without its captions is a guess: low confidence. */
const STRIP_SCORE = 0.4;

/** Letters this many times the height of the page's middle span are a name's large print. */
const LARGE = 1.25;
/** Letters that reach below the line. */
const DESCENDERS = /[gjpqyç]/u;

/**
 * The currency printed on an amount ("1.234,56 €", "EUR 1,234.56") is the document's currency:
 * it beats a currency guessed from symbols anywhere in the text.
 */
export function currencyFromAmounts(
  values: Record<string, string[]>,
  amountSources: Source[],
): { value: string; source: Source } | null {
  for (const source of amountSources) {
    const parsed = parseEnum(source.text, values);
    if (parsed) return { value: parsed.value, source };
  }
  return null;
}
