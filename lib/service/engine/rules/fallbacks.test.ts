import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';

describe('a strip of references whose captions OCR lost', () => {
  const page = (captions: string) => `Meccanica Bianchi S.p.A.
Piazza Garibaldi 3, 00184 Roma

Fattura elettronica
${captions}
2023/5859         12-04-2024         11-06-2024         EUR

Descrizione beni/servizi     Quantità     Prezzo       Prezzo totale
Consulenza tecnica           10           EUR 359,47   EUR 3.594,70

Totale                                                 EUR 3.594,70
`;
  const fields = async (text: string, ocr: boolean) => {
    const doc = { ...(await readDocument({ text })), ocr };
    const { data, confidence } = extractWithRules([doc], seedDefinition('invoice'));
    return { data, confidence };
  };

  it('gives its later date as the due date, with low confidence', async () => {
    for (const captions of ['', 'DATA']) {
      const { data, confidence } = await fields(page(captions), true);
      expect(data, captions).toMatchObject({
        invoice_number: '2023/5859',
        issue_date: '2024-04-12',
        due_date: '2024-06-11',
      });
      expect(confidence['/due_date']).toBeLessThan(0.5);
    }
  });

  it('is not read so from a text layer, nor where its second date is not the later one', async () => {
    expect((await fields(page(''), false)).data.due_date).toBeUndefined();
    const swapped = page('').replace('12-04-2024         11-06-2024', '11-06-2024         12-04-2024');
    expect((await fields(swapped, true)).data.due_date).toBeUndefined();
  });

  it("gives a purchase order's number and delivery date the same way", async () => {
    const order = page('')
      .replace('Fattura elettronica', 'Ordine di acquisto')
      .replace('2023/5859', 'OA56424');
    const doc = { ...(await readDocument({ text: order })), ocr: true };
    const { data } = extractWithRules([doc], seedDefinition('purchase_order'));
    expect(data).toMatchObject({
      po_number: 'OA56424',
      order_date: '2024-04-12',
      delivery_date: '2024-06-11',
    });
  });
});
