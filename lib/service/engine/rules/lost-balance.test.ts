import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from '../read';
import { extractWithRules } from '../rule-extractor';

describe("a statement's balance column whose caption OCR lost", () => {
  const structure = seedDefinition('bank_statement');
  // "Saldo" over the right-hand column lost.
  const statement = (balanceCaption: string, secondBalance = '4.325,93 €') => `Banco Ibérico
Extracto de cuenta
F. operación   Descripción                         Importe      ${balanceCaption}
               Saldo anterior                                   3.655,09 €
02-08-2023     Bizum recibido                      974,82 €     4.629,91 €
14-08-2023     Comisión mantenimiento             -303,98 €     ${secondBalance}
16-08-2023     Compra tarjeta Mercadona           -300,62 €     4.025,31 €
21-08-2023     Recibo Iberdrola                   -245,71 €     3.779,60 €
               Nuevo saldo                                      3.779,60 €
`;
  const transactions = async (text: string, ocr = true) => {
    const doc = { ...(await readDocument({ text })), ocr };
    return extractWithRules([doc], structure).data.transactions as { amount?: number; balance?: number }[];
  };

  it('is found by its figures running from the opening balance by each row’s amount', async () => {
    expect(await transactions(statement(''))).toEqual([
      expect.objectContaining({ amount: 974.82, balance: 4629.91 }),
      expect.objectContaining({ amount: -303.98, balance: 4325.93 }),
      expect.objectContaining({ amount: -300.62, balance: 4025.31 }),
      expect.objectContaining({ amount: -245.71, balance: 3779.6 }),
    ]);
  });

  it('is not made up where the right-hand figures do not run as a balance', async () => {
    const rows = await transactions(statement('', '9.999,99 €').replace('4.025,31 €', '1.111,11 €'));
    expect(rows.every((r) => r.balance === undefined)).toBe(true);
  });

  it('is not looked for in a document with a text layer, which prints its captions', async () => {
    const rows = await transactions(statement(''), false);
    expect(rows.every((r) => r.balance === undefined)).toBe(true);
  });
});
