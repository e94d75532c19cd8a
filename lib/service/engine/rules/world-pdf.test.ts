/**
 * Text-layer PDFs of shapes real documents take (tests/fixtures/documents/world: the HTML each was
 * printed from, the PDF, and what it prints as the truth): centred captions over left-aligned
 * text, dates without their year, a balance brought forward among the rows, the holder under a
 * form of address, a tax breakdown, a quantity column on a receipt, a boxed header's bare captions
 * ("Número" over the number), a withholding under the VAT, a statement's number after its title,
 * a VAT id after the tax's bare name, a TVA number beside a SIRET, a window address in the
 * issuer's own town, a subtotal under a label no list has with its currency's code on its figure,
 * a row of captions whose values are centred under them, nearer the previous caption's start, a
 * recipient's box beside a box of delivery notes, small grey captions over a row of values.
 * Written for the engine; none comes from the held-out corpus.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SeedStructureKey, seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';
import type { StructureDefinition } from '../types';

const DIR = path.join(import.meta.dirname, '../../../../tests/fixtures/documents/world');

const structureOf = (name: string): StructureDefinition =>
  seedDefinition((name.startsWith('statement') ? 'bank_statement' : name.split('-')[0]) as SeedStructureKey);

const names = (await readdir(DIR))
  .filter((f) => f.endsWith('.truth.json'))
  .map((f) => f.replace('.truth.json', ''));

describe('real-world shapes in text-layer PDFs', () => {
  it('has fixtures', () => expect(names.length).toBeGreaterThanOrEqual(4));

  it.each(names)('%s: every printed field', async (name) => {
    const truth = JSON.parse(await readFile(path.join(DIR, `${name}.truth.json`), 'utf8'));
    const bytes = new Uint8Array(await readFile(path.join(DIR, `${name}.pdf`)));
    const { data } = extractWithRules([await readDocument({ bytes })], structureOf(name));
    expect(data).toEqual(truth);
  });
});
