import type { Source, ValidationErrorItem } from '@/lib/contract/schemas';

/** [x, y, width, height] as fractions of the page, origin top left. */
export type BBox = [number, number, number, number];

/** A run of text on a page, as the reader found it. */
export interface TextSpan {
  text: string;
  bbox: BBox | null;
}

/** One visual line: spans sorted left to right. */
export interface Line {
  text: string;
  bbox: BBox | null;
  spans: TextSpan[];
}

export interface Page {
  /** 1-based. */
  number: number;
  lines: Line[];
}

export type DocumentKind = 'text' | 'pdf' | 'image' | 'docx' | 'csv' | 'xlsx';

/** A document turned into pages of positioned text. */
export interface ReadDocument {
  kind: DocumentKind;
  mimeType: string;
  filename: string | null;
  sha256: string | null;
  pages: Page[];
  /** Some of its text was read by OCR (images, scanned PDF pages). */
  ocr?: boolean;
}

/** What a reader receives: raw bytes with what the caller said about them, or plain text. */
export type ReaderInput =
  | { bytes: Uint8Array; mimeType?: string | null; filename?: string | null }
  | { text: string };

/** How one value is found: by label near it, with a type that parses it. */
export interface FieldHint {
  labels: string[];
  /**
   * Words that label the value only as a span of their own, its value to the right or under it
   * ("Número" over "FAC-2024-00417"): inside a longer text ("Número de cliente") they are no label.
   */
  captions?: string[];
  type: 'string' | 'number' | 'money' | 'date' | 'enum' | 'boolean';
  /** Regular expression the value must match (string values). */
  pattern?: string;
  /** Allowed values for `enum`, with synonyms: value → words that mean it. */
  values?: Record<string, string[]>;
  /** Where the value sits relative to its label. Default: right, then below, then above. */
  position?: 'right' | 'below' | 'above' | 'block';
  /** For `block` values (addresses, names on several lines): how many lines to take. */
  maxLines?: number;
  /**
   * Value lines to pass over before the value (inline text after the label counts as one): e.g.
   * an address under a "From" heading starts after the company name.
   */
  skipLines?: number;
  /**
   * `enum` only: when no label is found, look for the allowed values anywhere in the documents
   * (e.g. the currency from the symbols next to the amounts). Found this way, confidence is low.
   */
  searchDocument?: boolean;
  /** When the value text holds several values ("01.03.2024 – 31.03.2024"), which one. Default first. */
  pick?: 'first' | 'last';
  /**
   * When no label is found (low confidence): `first_line` reads the value as if the first line of
   * the first document were its label (a statement's bank); `issuer_name`/`issuer_address` take the
   * company that issued the document (letterhead, logo line or footer with a legal form);
   * `recipient_name`/`recipient_address` the address block it is sent to (envelope window);
   * `first_date` the first date printed (a receipt's date and time); `date_range` a range of two
   * dates printed on its own ("1 February 2026 to 28 February 2026", its first or last by `pick`);
   * `country_currency` the currency of the country an IBAN or VAT id on the document names;
   * `strip_code`/`strip_later_date` the code and the later date of a strip of references whose
   * captions OCR lost (see `Fallbacks.referenceStrip`).
   */
  fallback?:
    | 'first_line'
    | 'strip_code'
    | 'strip_later_date'
    | 'first_date'
    | 'date_range'
    | 'country_currency'
    | 'issuer_name'
    | 'issuer_address'
    | 'recipient_name'
    | 'recipient_address';
  /**
   * `money` only: a tax breakdown (rates with net, tax and gross amounts) printed on the document
   * gives the value, the sum of its tax column, before any label.
   */
  taxBreakdown?: boolean;
  /**
   * A string that may end in a measure ("Milk 1l", "Água 0,5l"): on OCR, the litre's l read as a 1
   * or a stroke after the figure is put back (`repairMeasureUnit`).
   */
  measure?: boolean;
  /** Remove all whitespace from a string value (IBANs, VAT IDs printed in groups). */
  compact?: boolean;
  /**
   * `iban`: a value that fails the IBAN checksum is completed from the line under it when the whole
   * passes (an IBAN wrapped in a narrow cell); otherwise it is kept as read.
   * `tax-id`: a value holds at least `TAX_ID_DIGITS` digits (every country's VAT or tax id does), so
   * that a bare "VAT" can label one without "VAT 20 %  78.80" giving "78.80".
   */
  check?: 'iban' | 'tax-id';
  /**
   * Labels among `labels` whose value counts only when no other label gives one: a French SIRET
   * stands for the VAT id on a receipt that prints nothing else, never over the TVA number.
   */
  weakLabels?: string[];
}

export interface TableHint {
  /** Column key → header labels and type. */
  columns: Record<string, FieldHint>;
  /** Words that end the table (e.g. "Subtotal"). */
  endLabels?: string[];
  /**
   * Words that end the table on this page only: it goes on on the next ("Carried forward",
   * "Übertrag"). The line is left to the fields (a statement's closing balance).
   */
  pageEndLabels?: string[];
  /**
   * Lines that sit among the rows but are none ("Balance brought forward", "Alter Kontostand"):
   * skipped, and left to the fields that read them.
   */
  skipLabels?: string[];
  /**
   * Rows may come without a header line (receipts: "Cappuccino  2 x 3.50  7.00"), or with one OCR
   * garbled past reading (an invoice's): where no header is found, lines with a description and a
   * trailing amount before the end labels are read as rows.
   */
  headerless?: boolean;
  /** Columns every row must have (e.g. a transaction's date); other lines are not rows. */
  requiredColumns?: string[];
  /**
   * The rows are a ledger (columns `debit`, `credit`, signed `amount`, running `balance`) between the
   * balances at these pointers: OCR's lost decimal points and minus signs are put back where the
   * balances show them (rules/ledger). Where no header is found, lines that start with a date and
   * end with figures are read as its rows (rules/ledger-lines).
   */
  ledger?: { opening: string; closing: string };
}

export type { CrossFieldRule } from '@/lib/contract/validation/rules';

import type { CrossFieldRule } from '@/lib/contract/validation/rules';

export interface StructureHints {
  /** JSON Pointer of the value → how to find it. */
  fields: Record<string, FieldHint>;
  /** JSON Pointer of an array of objects → its table. */
  tables?: Record<string, TableHint>;
  rules?: CrossFieldRule[];
}

export interface StructureDefinition {
  id: string;
  version: number;
  name: string;
  /** JSON Schema, draft 2020-12. */
  schema: Record<string, unknown>;
  hints: StructureHints;
}

export interface ExtractionResult {
  data: Record<string, unknown>;
  /** JSON Pointer → where the value was read. */
  sources: Record<string, Source>;
  /** JSON Pointer → 0..1. */
  confidence: Record<string, number>;
}

/** Pluggable extraction backends (rules by default, an LLM optionally) share this shape. */
export interface Extractor {
  extract(documents: ReadDocument[], structure: StructureDefinition): Promise<ExtractionResult>;
}

export type { Source, ValidationErrorItem };
