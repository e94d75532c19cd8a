/**
 * The training corpus's own checks, without rendering: every sampler × layout on a few seeds
 * gives a truth that is valid against its structure's JSON Schema, and every value of that truth
 * is printed on the page in its formatted form (so the bench never scores a value nobody can see).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { seedStructures } from '@/lib/service/structures';
import { BANK_LABELS } from './labels/bank-statement';
import { LAYOUT_WORDS, type LabelSet } from './labels/common';
import { INVOICE_LABELS } from './labels/invoice';
import { PO_LABELS } from './labels/purchase-order';
import { RECEIPT_LABELS, TENDER } from './labels/receipt';
import { LAYOUTS } from './layouts';
import { type DateStyle, formatDate, formatMoney, formatQty, LOCALES, type Locale } from './locales';
import type { StructureKey } from './model';
import { rng } from './random';
import { SAMPLERS } from './samplers';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
const validators = new Map(seedStructures.map((s) => [s.key, ajv.compile(s.schema)]));

const DATE_STYLES: DateStyle[] = [
  'iso',
  'dmy-dot',
  'dmy-slash',
  'mdy-slash',
  'd-month-y',
  'month-d-y',
  'dd-mon-yyyy',
  'de-long',
  'dmy-dash',
  'd-de-month-de-y',
  'dd-mon-local',
];

/** The page's text as a reader sees it: tags gone, entities decoded, all spaces one space. */
function pageText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/gu, ' ');
}
const squash = (s: string) => s.replace(/\s+/gu, ' ').trim();

/**
 * A text printed over two lines of a column layout (a booking text, its reference on the line
 * below) has other columns between its words: its words must then appear in order, close by.
 */
function inOrder(text: string, value: string): boolean {
  const words = value.split(' ');
  let at = text.indexOf(words[0]);
  while (at >= 0) {
    let pos = at + words[0].length;
    const ok = words.slice(1).every((word) => {
      const next = text.indexOf(word, pos);
      if (next < 0 || next - pos > 120) return false;
      pos = next + word.length;
      return true;
    });
    if (ok) return true;
    at = text.indexOf(words[0], at + 1);
  }
  return false;
}

/** The printed forms a truth value may take in this locale. */
function printedForms(key: string, value: string | number, locale: Locale): string[] {
  if (typeof value === 'number') {
    const abs = Math.abs(value);
    return [formatMoney(abs, 'plain', locale), formatQty(abs, locale), String(abs)];
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return DATE_STYLES.map((s) => formatDate(value, s, locale));
  if (key === 'currency') return [value, locale.symbol];
  if (key === 'payment_method') return TENDER[locale.language][value as 'cash'];
  if (key === 'iban') return [value, value.replace(/(.{4})/g, '$1 ').trim()];
  return [value];
}

function leaves(v: unknown, path: string[] = []): [string[], string | number][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...path, String(i)]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...path, k]));
  return [[path, v as string | number]];
}

const structures = Object.keys(SAMPLERS) as StructureKey[];

describe('training corpus', () => {
  for (const structure of structures) {
    for (const layout of LAYOUTS.filter((l) => !l.structures || l.structures.includes(structure))) {
      it(`${structure} × ${layout.id}: truth valid and printed`, () => {
        for (let seed = 0; seed < 6; seed++) {
          const r = rng(seed * 7919 + 13);
          const long = structure !== 'receipt' && seed === 5;
          const { model, truth } = SAMPLERS[structure](r, { heldOut: layout.heldOut, long });
          const validate = validators.get(structure)!;
          expect(validate(truth), JSON.stringify(validate.errors)).toBe(true);
          const text = pageText(layout.render(model));
          for (const [path, value] of leaves(truth)) {
            const key = path[path.length - 1];
            // An address is printed a line per part: each part must be there.
            const parts = key === 'address' ? String(value).split(', ') : [value];
            for (const part of parts) {
              const forms = printedForms(key, part, model.locale).map(squash);
              const where = `${structure}/${layout.id} seed ${seed} ${model.locale.id} ${path.join('/')}=${value}`;
              expect(
                forms.some((f) => text.includes(f) || inOrder(text, f)),
                where,
              ).toBe(true);
            }
          }
        }
      });
    }
  }

  it('covers every locale on every sampler over a few dozen seeds', () => {
    for (const structure of structures) {
      const seen = new Set<string>();
      for (let seed = 0; seed < 120; seed++)
        seen.add(SAMPLERS[structure](rng(seed), { heldOut: false, long: false }).model.locale.id);
      expect([...seen].sort()).toEqual(LOCALES.map((l) => l.id).sort());
    }
  });

  it('has train and held-out wordings in every language for every label', () => {
    const sets: LabelSet<string>[] = [INVOICE_LABELS, PO_LABELS, RECEIPT_LABELS, BANK_LABELS];
    const languages = Object.keys(LAYOUT_WORDS);
    for (const set of sets)
      for (const [field, perLanguage] of Object.entries(set))
        for (const lang of languages) {
          const words = perLanguage[lang as keyof typeof perLanguage];
          expect(words?.train.length, `${field}/${lang}`).toBeGreaterThan(0);
          expect(words?.heldOut.length, `${field}/${lang}`).toBeGreaterThan(0);
        }
  });

  it('writes dates and money the way each language does', () => {
    const es = LOCALES.find((l) => l.id === 'es')!;
    const nl = LOCALES.find((l) => l.id === 'nl')!;
    const pt = LOCALES.find((l) => l.id === 'pt')!;
    expect(formatDate('2026-03-05', 'd-de-month-de-y', es)).toBe('5 de marzo de 2026');
    expect(formatDate('2026-03-05', 'dmy-dash', nl)).toBe('05-03-2026');
    expect(formatDate('2026-03-05', 'dd-mon-local', nl)).toBe('05 mrt 2026');
    expect(formatMoney(1234.56, 'symbol-suffix', es)).toBe('1.234,56 €');
    expect(formatMoney(1234.56, 'symbol-prefix-space', nl)).toBe('€ 1.234,56');
    expect(formatMoney(1234.56, 'code-suffix', pt)).toBe('1\u00a0234,56 EUR');
  });
});
