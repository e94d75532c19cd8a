import { describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { bankStatementHints } from '@/lib/service/structures/bank-statement';
import { receiptHints } from '@/lib/service/structures/receipt';
import { readDocument } from '../read';
import { detectLanguage, modelFor } from '../readers/language';
import { extractWithRules } from '../rule-extractor';
import { fold, labelRegExp, labelVocabulary, matchLabel, mendedLabelWords } from '../text-match';
import type { StructureHints } from '../types';
import { assignCells } from './cells';
import type { Anchor } from './header';
import {
  dropEdgeSpecks,
  dropInnerSpecks,
  feminineReference,
  repairMeasureUnit,
  restoreClosingDot,
  spaceAfterComma,
} from './ocr-strings';
import type { LineRef } from './page-view';
import {
  parseValue,
  repairIbanCheckDigits,
  repairIbanMisreads,
  repairIdentifier,
  repairNifCheckLetter,
  repairVatIdCountry,
  repairVatIdDigit,
} from './values';

describe('OCR repairs', () => {
  it('turns O into 0 and l into 1 between digits only', () => {
    expect(repairIdentifier('INV-2O24-0O17')).toBe('INV-2024-0017');
    expect(repairIdentifier('DE12345l789')).toBe('DE123451789');
    expect(repairIdentifier('NO 912345678 MVA')).toBe('NO 912345678 MVA');
    expect(repairIdentifier('Order 12 of 20')).toBe('Order 12 of 20');
    expect(repairIdentifier('NL858812345801')).toBe('NL858812345B01');
    expect(repairIdentifier('NL85881234580')).toBe('NL85881234580');
    // An O read as a zero at the head of a code of letters then digits.
    expect(repairIdentifier('0A45046')).toBe('OA45046');
    expect(repairIdentifier('0AB-45046')).toBe('0AB-45046');
    expect(repairIdentifier('K1A 0B1')).toBe('K1A 0B1');
    expect(repairIdentifier('0045046')).toBe('0045046');
  });
  it('reads a letter OCR took for a digit in a VAT id whose country prints digits only, and only there', () => {
    expect(repairVatIdDigit('PTS84450609')).toBe('PT584450609');
    expect(repairVatIdDigit('VAT: DE12345678O')).toBe('VAT: DE123456780');
    expect(repairVatIdDigit('ITO0743110157')).toBe('IT00743110157');
    // Letters of their own: a Spanish company's B, Austria's U, a Dutch id's B, a word.
    expect(repairVatIdDigit('ESB12345678')).toBe('ESB12345678');
    expect(repairVatIdDigit('ATU12345678')).toBe('ATU12345678');
    expect(repairVatIdDigit('NL884658070B01')).toBe('NL884658070B01');
    expect(repairVatIdDigit('DEBUG1234567')).toBe('DEBUG1234567');
    // Two letters among the digits are no misread digit.
    expect(repairVatIdDigit('GBSOS123456')).toBe('GBSOS123456');
  });
  it('reads a country code OCR took for figures where the figures after it are as many as its ids hold', () => {
    expect(repairVatIdCountry('1745110946752')).toBe('IT45110946752');
    expect(repairVatIdCountry('P7584450609')).toBe('PT584450609');
    expect(repairVatIdCountry('P.IVA 1T45110946752')).toBe('P.IVA IT45110946752');
    // As many figures as no such country's ids hold, a code of no country, a code read right.
    expect(repairVatIdCountry('174511094675')).toBe('174511094675');
    expect(repairVatIdCountry('9945110946752')).toBe('9945110946752');
    expect(repairVatIdCountry('04511094675')).toBe('04511094675');
    expect(repairVatIdCountry('DE545562449')).toBe('DE545562449');
  });
  it('repairs a VAT id so only where a VAT id is read: an order number keeps its letter', () => {
    const vat = seedDefinition('invoice').hints.fields['/seller/vat_id'];
    expect(parseValue('PTS84450609', vat, { ocr: true })?.value).toBe('PT584450609');
    expect(parseValue('1745110946752', vat, { ocr: true })?.value).toBe('IT45110946752');
    expect(repairIdentifier('PTS84450609')).toBe('PTS84450609');
  });
  it("puts back a litre's l that OCR read as a 1 or a stroke at the end of an item's name", () => {
    expect(repairMeasureUnit('Milk 11')).toBe('Milk 1l');
    expect(repairMeasureUnit('Água 0,51')).toBe('Água 0,5l');
    expect(repairMeasureUnit('Milch 1,5% 11')).toBe('Milch 1,5% 1l');
    expect(repairMeasureUnit('Melk 1}')).toBe('Melk 1l');
    expect(repairMeasureUnit('Spa blauw 0,5I')).toBe('Spa blauw 0,5l');
    expect(repairMeasureUnit('Cola 0.331')).toBe('Cola 0.33l');
    expect(repairMeasureUnit('Eau minérale 50c}:')).toBe('Eau minérale 50cl');
    // Figures printed bare in a name, and a name that is a figure alone, stay as read.
    expect(repairMeasureUnit('Pack of 12')).toBe('Pack of 12');
    expect(repairMeasureUnit('Bolts M8 x 101')).toBe('Bolts M8 x 101');
    expect(repairMeasureUnit('Apfelschorle 0,5l')).toBe('Apfelschorle 0,5l');
    expect(repairMeasureUnit('11')).toBe('11');
  });
  it("repairs a measure in an item's name only, on OCR only: an address keeps its house number", async () => {
    const text =
      'Bäckerei Kern\nHauptstraße 11\n10115 Berlin\nMilk 11      1,20\nEau minérale 50c!     2,00\nSumme      3,20\n';
    const read = async (ocr: boolean) =>
      extractWithRules([{ ...(await readDocument({ text })), ocr }], seedDefinition('receipt')).data;
    const scanned = await read(true);
    expect(scanned.line_items).toEqual([
      { description: 'Milk 1l', amount: 1.2 },
      { description: 'Eau minérale 50cl', amount: 2 },
    ]);
    expect((scanned.merchant as { address?: string }).address).toContain('Hauptstraße 11');
    expect((await read(false)).line_items).toContainEqual({ description: 'Milk 11', amount: 1.2 });
  });
  it('puts back the space after a comma between two words, and only there', () => {
    expect(spaceAfterComma('Transportes Norte Unipessoal,Lda.')).toBe('Transportes Norte Unipessoal, Lda.');
    expect(spaceAfterComma('Rua Augusta 12,Lisboa')).toBe('Rua Augusta 12,Lisboa');
    for (const text of ['Milch 1,5% 1l', 'Unipessoal, Lda.', 'Mehl,fein', 'A,B'])
      expect(spaceAfterComma(text)).toBe(text);
  });

  it("puts back the closing dot OCR lost from a company's legal form, and only there", () => {
    expect(restoreClosingDot('Muebles Ruiz S.L')).toBe('Muebles Ruiz S.L.');
    expect(restoreClosingDot('Meccanica Bianchi S.p.A')).toBe('Meccanica Bianchi S.p.A.');
    expect(restoreClosingDot('Papelaria Central, Lda')).toBe('Papelaria Central, Lda.');
    expect(restoreClosingDot('Comércio Brasil Sul Ltda')).toBe('Comércio Brasil Sul Ltda.');
    for (const name of [
      'Muebles Ruiz S.L.',
      'Acme Ltd',
      'Hofmann Logistik AG',
      'Bar Lda Rua 5',
      'Ricerca e.V.',
    ])
      expect(restoreClosingDot(name)).toBe(name);
  });
  it('drops the specks OCR reads at the edges of a value and of its lines, not its own marks', () => {
    expect(dropEdgeSpecks('‚Marktplatz 5, 20095 Hamburg')).toBe('Marktplatz 5, 20095 Hamburg');
    expect(dropEdgeSpecks('Lindenallee 3a, 04109 Leipzig:')).toBe('Lindenallee 3a, 04109 Leipzig');
    expect(dropEdgeSpecks("Praça do Comércio 2', 1100-048 Lisboa, Portugal!")).toBe(
      'Praça do Comércio 2, 1100-048 Lisboa, Portugal',
    );
    expect(dropEdgeSpecks('“Direct debit Stadtwerke')).toBe('Direct debit Stadtwerke');
    expect(dropEdgeSpecks('Comércio Brasil Sul Ltda...')).toBe('Comércio Brasil Sul Ltda.');
    // A dash set apart at an edge joins nothing; an apostrophe before a capital opens nothing.
    expect(dropEdgeSpecks('Oudegracht 112, 3511 AX Utrecht -')).toBe('Oudegracht 112, 3511 AX Utrecht');
    expect(dropEdgeSpecks('- Gewerbering 7, – 73730 Esslingen')).toBe('Gewerbering 7, 73730 Esslingen');
    expect(dropEdgeSpecks("'Holzwerk Brandt OHG")).toBe('Holzwerk Brandt OHG');
    // A name's own quotes, apostrophe and abbreviation stay.
    expect(dropEdgeSpecks('Gasthaus "Zur Post"')).toBe('Gasthaus "Zur Post"');
    expect(dropEdgeSpecks('’t Hoekje, Dorpsstraat 17')).toBe('’t Hoekje, Dorpsstraat 17');
    expect(dropEdgeSpecks('Tecnologias Atlânticas, S.A.')).toBe('Tecnologias Atlânticas, S.A.');
    // Dashes inside a value, or holding on to its figures, stay.
    expect(dropEdgeSpecks('Rua Augusta 5, 1100-048 Lisboa')).toBe('Rua Augusta 5, 1100-048 Lisboa');
    expect(dropEdgeSpecks('Lager Nord – Tor 4, -20 %')).toBe('Lager Nord – Tor 4, -20 %');
    expect(dropEdgeSpecks("'s-Hertogenbosch")).toBe("'s-Hertogenbosch");
  });
  it('drops the specks OCR reads between the words of a value, not its own marks', () => {
    expect(dropInnerSpecks('Gehalt Muster GmbH ‚Mandat 36993524')).toBe('Gehalt Muster GmbH Mandat 36993524');
    expect(dropInnerSpecks('Salary ACME GMBH ‘Reference 76169754')).toBe(
      'Salary ACME GMBH Reference 76169754',
    );
    expect(dropInnerSpecks('Tikkie ontvangen -Kenmerk 41700209')).toBe('Tikkie ontvangen Kenmerk 41700209');
    expect(dropInnerSpecks('+Comisión mantenimiento')).toBe('Comisión mantenimiento');
    expect(dropInnerSpecks('Refund Online Shop- Reference 8142')).toBe('Refund Online Shop Reference 8142');
    expect(dropInnerSpecks('Serviços de:consultoria')).toBe('Serviços de consultoria');
    expect(dropInnerSpecks('Shipping and handling.')).toBe('Shipping and handling');
    // Quotes with a partner, a compound's hyphen, an apostrophe before a small letter, an
    // abbreviation's dot, a dash set apart, a mark before figures: the value's own.
    expect(dropInnerSpecks('Gasthaus "Zur Post"')).toBe('Gasthaus "Zur Post"');
    expect(dropInnerSpecks('Ein- und Verkauf')).toBe('Ein- und Verkauf');
    expect(dropInnerSpecks('Café ’t Hoekje')).toBe('Café ’t Hoekje');
    expect(dropInnerSpecks('Lieferung inkl.')).toBe('Lieferung inkl.');
    expect(dropInnerSpecks('Kabel 2 m - Schwarz')).toBe('Kabel 2 m - Schwarz');
    expect(dropInnerSpecks('Rabatt -20 %, Ref:4411')).toBe('Rabatt -20 %, Ref:4411');
  });
  it('reads the º OCR took for the ª of Portuguese "Ref.ª" back, and only there', () => {
    expect(feminineReference('Compra Continente Ref.º 62807200')).toBe('Compra Continente Ref.ª 62807200');
    expect(feminineReference('Fatura N.º 2885')).toBe('Fatura N.º 2885');
    expect(feminineReference('Ref.ºs')).toBe('Ref.ºs');
  });
  it("reads an IBAN's check digit B as the 8 it is, and only there", () => {
    expect(repairIbanCheckDigits('DEB9 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(repairIbanCheckDigits('DEB89 3704 0044 0532 013000')).toBe('DE89 3704 0044 0532 013000');
    expect(repairIbanCheckDigits('GB29 NWBK 6016 1331 9268 19')).toBe('GB29 NWBK 6016 1331 9268 19');
    expect(repairIbanCheckDigits('Ref ABB1 x')).toBe('Ref ABB1 x');
    // The bank statement's own IBAN hint (pattern, compacting, checksum).
    const iban = bankStatementHints.fields['/iban'];
    expect(parseValue('DEB9 3704 0044 0532 0130 00', iban, { ocr: true })?.value).toBe(
      'DE89370400440532013000',
    );
    expect(parseValue('DEB9 3704 0044 0532 0130 00', iban, {})).toBeNull();
  });
  it("reads an IBAN's misread country letters, check digits and account figures back where it then passes its check", () => {
    expect(repairIbanMisreads('1E49 1538 0582 4928 8859 18')).toBe('IE49 1538 0582 4928 8859 18');
    expect(repairIbanMisreads('FRO3 9916 2422 3061 1263 2799 297')).toBe('FR03 9916 2422 3061 1263 2799 297');
    expect(repairIbanMisreads('DE89 37O4 0044 0532 Ol30 00')).toBe('DE89 3704 0044 0532 0130 00');
    // Letters of an account number that holds letters, and a guess the check refuses, stay.
    expect(repairIbanMisreads('GB29 NWBK 6016 1331 9268 19')).toBe('GB29 NWBK 6016 1331 9268 19');
    expect(repairIbanMisreads('1E49 1538 0582 4928 8859 19')).toBe('1E49 1538 0582 4928 8859 19');
    expect(repairIbanMisreads('Ref 1E49')).toBe('Ref 1E49');
    const iban = bankStatementHints.fields['/iban'];
    expect(parseValue('1E49 1538 0582 4928 8859 18', iban, { ocr: true })?.value).toBe(
      'IE49153805824928885918',
    );
    expect(parseValue('1E49 1538 0582 4928 8859 18', iban, {})).toBeNull();
  });

  it("reads a Spanish NIF's check letter that OCR took for a digit as the letter its number gives", () => {
    expect(repairNifCheckLetter('123456787')).toBe('12345678Z');
    expect(repairNifCheckLetter('NIF: ES123456787')).toBe('NIF: ES12345678Z');
    // The digit is not what OCR makes of the letter the number gives (Z): as read.
    expect(repairNifCheckLetter('123456785')).toBe('123456785');
    // A Portuguese NIF whose own check digit holds, though its first eight would give G, read as 6.
    expect(repairNifCheckLetter('501234446')).toBe('501234446');
    expect(repairNifCheckLetter('1234567870')).toBe('1234567870');
    // The invoice's own VAT id hint (pattern, compacting, tax-id check).
    const vat = seedDefinition('invoice').hints.fields['/seller/vat_id'];
    expect(parseValue('123456787', vat, { ocr: true })?.value).toBe('12345678Z');
    expect(parseValue('123456787', vat, {})?.value).toBe('123456787');
  });
  it('repairs identifiers of OCR documents, and nothing else', () => {
    const hint = { type: 'string' as const, labels: [], pattern: '[A-Z0-9-]*[0-9][A-Z0-9-]*' };
    expect(parseValue('INV-2O24-0O17', hint, { ocr: true })?.value).toBe('INV-2024-0017');
    expect(parseValue('INV-2O24-0O17', hint, {})?.value).toBe('INV-2O24-0O17');
    expect(parseValue('Bergmann O1 GmbH', { type: 'string', labels: [] }, { ocr: true })?.value).toBe(
      'Bergmann O1 GmbH',
    );
  });
  it('finds a label among the quote marks OCR sprinkles into it, single or double', () => {
    const found = (text: string, label: string) => matchLabel(fold(text), labelRegExp(label)) !== null;
    expect(found('"Verwendungszweck', 'Verwendungszweck')).toBe(true);
    expect(found('„Haben“', 'Haben')).toBe(true);
    expect(found('Invoice’ No.', 'Invoice No.')).toBe(true);
  });
  it("reads a label's word misread by one letter as the label's, only where one label is that near", () => {
    const vocabulary = labelVocabulary(['Summe', 'Rechnungsdatum', 'Datum', 'Total', 'Totale']);
    expect(mendedLabelWords(fold('SUMPE EUR'), vocabulary)?.text).toBe('summe eur');
    expect(mendedLabelWords(fold('Rechnungsdafum:'), vocabulary)?.text).toBe('rechnungsdatum:');
    // Already a label's word, two letters off, or too short to tell: left as read.
    expect(mendedLabelWords(fold('Summe'), vocabulary)).toBeNull();
    expect(mendedLabelWords(fold('SUXRE EUR'), vocabulary)).toBeNull();
    expect(mendedLabelWords(fold('Sum 3'), vocabulary)).toBeNull();
  });
  it("reads a label's later words misread by a letter, or a long one that lost its last letter", () => {
    const vocabulary = labelVocabulary(['Data contabile', 'Gesamtpreis', 'Preis']);
    expect(mendedLabelWords(fold('Data contabili'), vocabulary)?.text).toBe('data contabile');
    const cut = mendedLabelWords(fold('Preis Gesamtprei'), vocabulary)!;
    expect(cut.text).toBe('preis gesamtpreis');
    // The letter put back maps to where the word ends in the span: what follows a label is found.
    expect(matchLabel(cut, labelRegExp('Gesamtpreis'))).toBeNull();
    expect(
      matchLabel({ text: cut.text.slice(6), map: cut.map.slice(6) }, labelRegExp('Gesamtpreis'))?.rest,
    ).toBe(16);
    // A short word that lost a letter is too near others to tell.
    expect(mendedLabelWords(fold('Prei'), vocabulary)).toBeNull();
  });
  it('mends label words on OCR documents only', async () => {
    const text = 'Cafe Linde\nDatum: 14.03.2026\nCappuccino      3,20\nSUMPE EUR       3,20\n';
    const receipt = seedDefinition('receipt');
    const read = async (ocr: boolean) => {
      const doc = { ...(await readDocument({ text })), ocr };
      return extractWithRules([doc], receipt).data;
    };
    expect((await read(true)).total).toBe(3.2);
    expect((await read(true)).line_items).toEqual([{ description: 'Cappuccino', amount: 3.2 }]);
    expect((await read(false)).total).toBeUndefined();
  });
  it('tells the language of a page from its words', () => {
    expect(detectLanguage('Rechnung Nr. 12 Datum 03.03.2026 Betrag und MwSt zahlbar'.split(' '))).toBe('deu');
    expect(detectLanguage('Facture du 3 mars pour le client montant TTC'.split(' '))).toBe('fra');
    expect(detectLanguage('Invoice for the amount due please pay the total'.split(' '))).toBe('eng');
    expect(detectLanguage([])).toBe('eng');
    expect(detectLanguage('Fatura n.º 12 Data de vencimento Valor do IVA Rua da Prata'.split(' '))).toBe(
      'por',
    );
    expect(detectLanguage('Factuur voor het bedrag van de klant BTW totaal'.split(' '))).toBe('nld');
    expect(detectLanguage('Factura de la tienda importe del IVA fecha de pago'.split(' '))).toBe('spa');
  });
  it('tells the language of statements, receipts and orders, accents lost by the English model', () => {
    const page = (text: string) => detectLanguage(text.split(' '));
    expect(
      page('KONTOAUSZUG Inhaber: Jane Doe Buchungstag Verwendungszweck Umsatz Kontostand Uberweisung'),
    ).toBe('deu');
    expect(page('EXTRACTO TITULAR DE LA CUENTA PERIODO DEL EXTRACTO DIVISA EUR Cargos Abonos Saldo')).toBe(
      'spa',
    );
    expect(page('Descricao Quant. Preco Valor Meio de pagamento Taxa IVA Obrigado pela sua visita')).toBe(
      'por',
    );
    expect(page('INKOOPORDER Bestelnummer Orderdatum Leverancier Stukprijs Totaal Graag deze order')).toBe(
      'nld',
    );
    // A word two languages share ("saldo", "total") tells neither.
    expect(page('Saldo Saldo Saldo Total Total IBAN')).toBe('eng');
  });
  it('reads Dutch with the English model, other languages with their own', () => {
    expect(modelFor('INKOOPORDER Bestelnummer Orderdatum Leverancier Stukprijs Totaal'.split(' '))).toBe(
      'eng',
    );
    expect(modelFor('Rechnung Nr. 12 Datum Betrag und MwSt zahlbar'.split(' '))).toBe('deu');
  });
});

describe('OCR repairs of amounts', () => {
  const money = (text: string, ocr = true) => parseValue(text, { type: 'money', labels: [] }, { ocr })?.value;
  it('joins a decimal mark OCR split, doubled or read as a colon', () => {
    expect(money('409. 82 EUR')).toBe(409.82);
    expect(money('296..14 EUR')).toBe(296.14);
    expect(money('458:63 EUR')).toBe(458.63);
    expect(money('10/00 EUR')).toBe(10);
    expect(money('1.112, 58 €')).toBe(1112.58);
  });
  it('reads a grouping mark OCR took for a colon or another quote', () => {
    expect(money('€ 24:289,44')).toBe(24289.44);
    expect(money('5‘779.56')).toBe(5779.56);
    expect(money('CHF 12´ 345.00')).toBe(12345);
    // Three digits without cents after a colon are not taken for a thousand's.
    expect(money('12:345 EUR')).not.toBe(12345);
    // Printed text is taken as printed.
    expect(money('5‘779.56', false)).toBe(779.56);
  });
  it('reads the last of one repeated mark as the decimal mark a grouping one was read for', () => {
    expect(money('4,172,48 EUR')).toBe(4172.48);
    expect(money('1.233.45')).toBe(1233.45);
    expect(money('12,345,678,90 €')).toBe(12345678.9);
    // Two marks, each its own, stand as printed; so does a text layer's figure.
    expect(money('1.234.567,89')).toBe(1234567.89);
    expect(money('4,172,48 EUR', false)).toBeUndefined();
    // Groups of three end the figure: no cents to be read.
    expect(money('4,172,480')).toBe(4172480);
  });
  it("reads five digits after a lone mark as a thousand's group and the cents, the decimal mark lost", () => {
    const withDecimal = (text: string, decimal: '.' | ',') =>
      parseValue(text, { type: 'money', labels: [] }, { ocr: true, decimal })?.value;
    expect(withDecimal('3.03561', '.')).toBe(3035.61);
    expect(withDecimal('1.22564', '.')).toBe(1225.64);
    expect(withDecimal('€ 4,38281', ',')).toBe(4382.81);
    // After a lone 0 it may be a rate or a unit price of many decimals; printed text as printed.
    expect(withDecimal('0.12345', '.')).not.toBe(123.45);
    expect(parseValue('3.03561', { type: 'money', labels: [] }, { decimal: '.' })?.value).not.toBe(3035.61);
  });
  it('reads a 5 after the cents as the debit side "S" OCR read it for, spaced or, as a third decimal, glued', () => {
    const withDecimal = (text: string, decimal: '.' | ',' | null, ocr = true) =>
      parseValue(text, { type: 'money', labels: [] }, { ocr, decimal })?.value;
    expect(withDecimal('353.91 5', '.')).toBe(-353.91);
    expect(withDecimal("1'353.91 5", null)).toBe(-1353.91);
    expect(withDecimal('521.585', '.')).toBe(-521.58);
    expect(withDecimal('521,585', ',')).toBe(-521.58);
    // Where the mark is not the decimal one, it groups thousands; a text layer's figure as printed.
    expect(withDecimal('521,585', '.')).toBe(521585);
    expect(withDecimal('353.91 5', '.', false)).not.toBe(-353.91);
  });
  it('reads a space before the last two digits as the decimal mark it stood for', () => {
    expect(money('34 34')).toBe(34.34);
    expect(money('44 21 EUR')).toBe(44.21);
    expect(money('€ 1.234 56')).toBe(1234.56);
    // The grouping mark the amount shows decides, whatever the page's usual decimal mark.
    const withDecimal = (text: string, decimal: '.' | ',') =>
      parseValue(text, { type: 'money', labels: [] }, { ocr: true, decimal })?.value;
    expect(withDecimal('1,234 56', ',')).toBe(1234.56);
    expect(withDecimal('1.234 56', '.')).toBe(1234.56);
    expect(withDecimal('34 34', ',')).toBe(34.34);
    // A space before three digits groups thousands; a text layer's space is as printed.
    expect(money('1 234')).toBe(1234);
    expect(money('34 34', false)).not.toBe(34.34);
  });
  it('drops a speck read as a point before an amount with its own decimal mark', () => {
    expect(money('.12,00')).toBe(12);
    expect(money('€ ,1.234,56')).toBe(1234.56);
    // A bare ".50" is fifty cents; a point after a word is the word's ("Std. 229,44 €").
    expect(money('.50')).toBe(0.5);
    expect(money('Std. 229,44 €')).toBe(229.44);
    expect(money('.12,00', false)).not.toBe(12);
  });
  it('leaves times, counts and text-layer amounts alone', () => {
    expect(money('14:05')).not.toBe(14.05);
    expect(money('409. 82 EUR', false)).toBe(82);
    expect(money('3 x 1.50')).toBe(1.5);
  });
});

describe('a label whose raised circle OCR read as a star', () => {
  it('still names its number ("Pedido n*" for "Pedido n°")', async () => {
    const text = 'Stark Components Inc.\nPedido n*   2023-7520\nFecha de pedido   10/05/2023\n';
    const doc = { ...(await readDocument({ text })), ocr: true };
    const { data } = extractWithRules([doc], seedDefinition('purchase_order'));
    expect(data.po_number).toBe('2023-7520');
  });
});

describe('a label with a speck of dust read into it', () => {
  it('is found behind a dot, with a dot between its words, and with "?" for its raised circle', async () => {
    const po = seedDefinition('purchase_order');
    for (const label of ['.PO #', 'Bon de.commande n°', 'N? de pedido']) {
      const text = `Stark Components Inc.\n${label}   2023-7520\nFecha   10/05/2023\n`;
      const doc = { ...(await readDocument({ text })), ocr: true };
      expect(extractWithRules([doc], po).data.po_number, label).toBe('2023-7520');
    }
  });
});

/** A positioned span: `[x, y, width, height]` as fractions of the page. */
type Placed = { text: string; bbox: [number, number, number, number] };

/** A scanned receipt's one page, from its lines of placed spans. */
const scannedReceipt = (rows: Placed[][]) => ({
  kind: 'image' as const,
  mimeType: 'image/png',
  filename: 'receipt.png',
  sha256: null,
  ocr: true,
  pages: [
    {
      number: 1,
      lines: rows.map((spans) => ({ text: spans.map((s) => s.text).join(' '), bbox: spans[0].bbox, spans })),
    },
  ],
});

describe("a shop's name in large print wrapped in a narrow header", () => {
  const span = (text: string, x: number, y: number, h: number): Placed => ({
    text,
    bbox: [x, y, 0.01 * text.length, h],
  });
  const receipt = (second: [string, number], x = 0.16, first: [string, number] = ['Corner', 0.024]) =>
    scannedReceipt([
      [span(first[0], 0.16, 0.07, first[1]), span('Receipt #: 1737-294', 0.43, 0.074, 0.017)],
      [span(second[0], x, 0.107, second[1])],
      [span('12 Bahnhofstrasse', 0.16, 0.142, 0.017)],
      [span('Dublin D02 XY45', 0.16, 0.19, 0.016)],
      [span('Milk 1l', 0.16, 0.3, 0.016), span('1.20', 0.8, 0.3, 0.016)],
      [span('Bread', 0.16, 0.33, 0.016), span('2.40', 0.8, 0.33, 0.016)],
      [span('Total', 0.16, 0.36, 0.017), span('3.60', 0.8, 0.36, 0.017)],
    ]);
  const party = (second: [string, number], x?: number) =>
    extractWithRules([receipt(second, x)], seedDefinition('receipt')).data.merchant as {
      name?: string;
      address?: string;
    };
  const merchant = (second: [string, number]) => party(second).name;

  it('goes on on the line under it in the same large letters', () => {
    expect(merchant(['Market', 0.024])).toBe('Corner Market');
  });

  it('goes on under it set right or centred as its first line is, and is none of the address', () => {
    expect(party(['Market', 0.024]).address).toBe('12 Bahnhofstrasse');
    // "Corner" runs from 0.16 to 0.22: "Marketing" ends where it ends, or is centred under it.
    expect(party(['Marketing', 0.024], 0.22 - 0.09).name).toBe('Corner Marketing');
    expect(party(['Marketing', 0.024], 0.19 - 0.045)).toEqual({
      name: 'Corner Marketing',
      address: '12 Bahnhofstrasse',
    });
    // Set apart from it, it is another line.
    expect(party(['Market', 0.024], 0.3).name).toBe('Corner');
  });

  it('goes on under a first line half as tall again only where its descenders make it so', () => {
    const name = (first: [string, number], second: [string, number]) =>
      (
        extractWithRules([receipt(second, 0.16, first)], seedDefinition('receipt')).data.merchant as {
          name?: string;
        }
      ).name;
    // "Monoprix" reaches below the line with its "p"; "Bastille" does not.
    expect(name(['Monoprix', 0.034], ['Bastille', 0.023])).toBe('Monoprix Bastille');
    // Without descenders to explain it, a line that much taller is other print.
    expect(name(['Monoline', 0.034], ['Bastille', 0.023])).toBe('Monoline');
  });

  it("does not take a line of the text's own size, or a title", () => {
    expect(merchant(['Market', 0.016])).toBe('Corner');
    expect(merchant(['RECEIPT', 0.024])).toBe('Corner');
  });
});

describe('a speck read as a quote mark before a price on a scanned till roll', () => {
  const text = `Café Het Hoekje
Dorpsstraat 17, 3511 AX Utrecht
Stroopwafels                '1,20
3 x Appeltaart              38,97
‘@ 12,99
Totaal EUR                  40,17
`;
  const items = async (ocr: boolean) =>
    extractWithRules([{ ...(await readDocument({ text })), ocr }], seedDefinition('receipt')).data.line_items;

  it('is no part of the price', async () => {
    expect(await items(true)).toEqual([
      { description: 'Stroopwafels', amount: 1.2 },
      { description: 'Appeltaart', quantity: 3, unit_price: 12.99, amount: 38.97 },
    ]);
  });

  it('is left as printed where there was no OCR', async () => {
    expect(await items(false)).not.toContainEqual({ description: 'Stroopwafels', amount: 1.2 });
  });

  it('is no part of the price as a double quote either', async () => {
    const doubled = `Café Het Hoekje\nStroopwafels                "1,20\nBananen              12,45\nTotaal EUR   13,65\n`;
    const doc = { ...(await readDocument({ text: doubled })), ocr: true };
    expect(extractWithRules([doc], seedDefinition('receipt')).data.line_items).toEqual([
      { description: 'Stroopwafels', amount: 1.2 },
      { description: 'Bananen', amount: 12.45 },
    ]);
  });
});

describe('an amount wrapped under its currency on a till roll', () => {
  const span = (text: string, x: number, y: number, w = 0.02 * text.length): Placed => ({
    text,
    bbox: [x, y, w, 0.02],
  });
  const read = (rows: Placed[][]) =>
    extractWithRules(
      [
        scannedReceipt([
          [span('Caffè del Corso', 0.2, 0.05)],
          [span('Cornetto', 0.18, 0.3), span('1 EUR 8,00 EUR 8,00', 0.49, 0.3, 0.45)],
          ...rows,
        ]),
      ],
      seedDefinition('receipt'),
    ).data;

  it('takes the figures under the currency, the label wrapped beside them or not', () => {
    const data = read([
      [span('Imponibile', 0.28, 0.4), span('EUR', 0.76, 0.4)],
      [span('29,40', 0.73, 0.425)],
      [span('Totale', 0.28, 0.46), span('EUR', 0.76, 0.46)],
      [span('complessivo', 0.28, 0.485, 0.24), span('32,34', 0.73, 0.485)],
    ]);
    expect(data.subtotal).toBe(29.4);
    expect(data.total).toBe(32.34);
  });

  it('takes them under a currency code OCR read in mixed case ("Eur")', () => {
    const data = read([
      [span('Imponibile', 0.28, 0.4), span('Eur', 0.76, 0.4)],
      [span('29,40', 0.73, 0.425)],
    ]);
    expect(data.subtotal).toBe(29.4);
  });

  it("does not take the next row's amount, which has a label of its own", () => {
    const data = read([
      [span('Imponibile', 0.28, 0.4), span('EUR', 0.76, 0.4)],
      [span('IVA', 0.28, 0.425), span('2,94', 0.76, 0.425)],
      [span('Totale', 0.28, 0.46), span('EUR', 0.76, 0.46)],
      [span('10 %', 0.28, 0.485), span('32,34', 0.73, 0.485)],
    ]);
    expect(data.subtotal).toBeUndefined();
    expect(data.total).toBeUndefined();
  });
});

describe("an amount's last digit cut off at the page's edge", () => {
  const order = (amount: string) => `Bestelling 0A45046
Omschrijving             Aantal    Stukprijs      Totaal
Printpapier A4 (doos)        11     €170,12      ${amount}
Bureaustoel                   5     €252,04     €1.260,20
`;
  const items = async (amount: string) => {
    const doc = { ...(await readDocument({ text: order(amount) })), ocr: true };
    return extractWithRules([doc], seedDefinition('purchase_order'));
  };
  it('is the one that makes count times price, to the cent, flagged', async () => {
    const { data, confidence } = await items('€1.871,3');
    expect((data.line_items as { amount: number }[])[0].amount).toBe(1871.32);
    expect(confidence['/line_items/0/amount']).toBe(0.5);
  });
  it('is left as read where no second decimal makes it', async () => {
    const { data } = await items('€1.875,3');
    expect((data.line_items as { amount: number }[])[0].amount).toBe(1875.3);
  });
});

describe("a row's lost decimal point", () => {
  const structure = seedDefinition('invoice');
  const table = `Invoice 2026-17
Description              Qty     Unit price      Amount
Labour (hours)            35          42.50      148.75
Delivery and collection    1           4000       40.00
Pallets                  100             12       12.00
Grout 5 kg                 2          18.00       30.00
`;
  const items = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text: table })), ocr };
    return extractWithRules([doc], structure);
  };

  it('is put back where the row agrees only with it, and flagged for review', async () => {
    const { data, confidence } = await items(true);
    expect(data.line_items).toEqual([
      { description: 'Labour (hours)', quantity: 3.5, unit_price: 42.5, amount: 148.75 },
      { description: 'Delivery and collection', quantity: 1, unit_price: 40, amount: 40 },
      { description: 'Pallets', quantity: 100, unit_price: 0.12, amount: 12 },
      // 2 × 18.00 is no 30.00, and no point moved makes it so: left as printed.
      { description: 'Grout 5 kg', quantity: 2, unit_price: 18, amount: 30 },
    ]);
    expect(confidence['/line_items/0/quantity']).toBe(0.5);
  });

  it('is not looked for in a document with a text layer: what it prints is what it says', async () => {
    const { data } = await items(false);
    expect((data.line_items as { quantity: number }[])[0].quantity).toBe(35);
  });
});

describe("a row's figure with a speck before it read as a minus", () => {
  const table = `Invoice 2026-18
Description              Qty     Unit price      Amount
Labour (hours)            -1          42.50       42.50
Delivery and collection    2         -20.00       40.00
Credit for returns         1         -12.00      -12.00
`;
  it('is positive where the row agrees only so, and stays negative where it agrees as read', async () => {
    const doc = { ...(await readDocument({ text: table })), ocr: true };
    const { data } = await extractWithRules([doc], seedDefinition('invoice'));
    expect(
      (data.line_items as Record<string, number>[]).map((r) => [r.quantity, r.unit_price, r.amount]),
    ).toEqual([
      [1, 42.5, 42.5],
      [2, 20, 40],
      [1, -12, -12],
    ]);
  });
});

describe("a row's figure with a space OCR put between its digits", () => {
  const structure = seedDefinition('invoice');
  const table = `Pedido 2023-4596
Descripción                 Cant.   Precio unitario      Importe
Servicio de consultoría         1        112,09 EUR   11 2,09 EUR
Papel A4 (caja)                 2         16,00 EUR      3 2,00 EUR
Cable USB-C 2 m                 3          5,00 EUR      1 5,00 EUR
`;
  it('is read joined where the row agrees only with that', async () => {
    const doc = { ...(await readDocument({ text: table })), ocr: true };
    const { data } = await extractWithRules([doc], structure);
    expect((data.line_items as { amount: number }[]).map((r) => r.amount)).toEqual([112.09, 32, 15]);
  });
  it('is left as read where the row agrees without it', async () => {
    const agreeing = table.replace('11 2,09 EUR', '  2,09 EUR').replace('112,09 EUR', '  2,09 EUR');
    const doc = { ...(await readDocument({ text: agreeing })), ocr: true };
    const { data } = await extractWithRules([doc], structure);
    expect((data.line_items as { amount: number }[])[0].amount).toBe(2.09);
  });
});

describe('a count of one OCR read as letters', () => {
  const structure = seedDefinition('invoice');
  const table = `Invoice 2024-0042
Description                 Qty     Unit price      Amount
Assembly service              3          80.00      240.00
Shipping and handling        il       1,234.56    1,234.56
Gift wrap                     l          12.00       24.00
`;
  it('is one where the amount is the unit price, and only there', async () => {
    const doc = { ...(await readDocument({ text: table })), ocr: true };
    const { data, confidence } = await extractWithRules([doc], structure);
    const rows = data.line_items as { quantity?: number }[];
    expect(rows.map((r) => r.quantity)).toEqual([3, 1, undefined]);
    expect(confidence['/line_items/1/quantity']).toBe(0.5);
    // A document with a text layer prints what it means: no count is made up there.
    const printed = await extractWithRules([await readDocument({ text: table })], structure);
    expect((printed.data.line_items as { quantity?: number }[])[1].quantity).toBeUndefined();
  });
});

describe('a statement row whose date OCR misread', () => {
  const structure = seedDefinition('bank_statement');
  const statement = `Stadtsparkasse Rheinau                          Kontoauszug 3/2024
Buchung      Vorgang                                      Betrag EUR
01.03.2024   Miete März Wohnung Lindenweg                    -850,00
deMärz 2024.  Gehalt Februar Muster AG                       2.950,12
12.03.2024   Kartenzahlung REWE Markt                           -64,37
             Summe                                          2.035,75
`;
  const transactions = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text: statement })), ocr };
    return extractWithRules([doc], structure).data.transactions as { date?: string; amount: number }[];
  };

  it('is kept, its date left out, and the rows after it stay in their places', async () => {
    expect(await transactions(true)).toEqual([
      expect.objectContaining({ date: '2024-03-01', amount: -850 }),
      expect.not.objectContaining({ date: expect.anything() }),
      expect.objectContaining({ date: '2024-03-12', amount: -64.37 }),
    ]);
    expect((await transactions(true))[1]).toMatchObject({ amount: 2950.12 });
  });

  it('is no row in a document with a text layer, which prints what it means', async () => {
    expect((await transactions(false)).map((t) => t.amount)).toEqual([-850, -64.37]);
  });
});

describe("a statement's balances", () => {
  const structure = seedDefinition('bank_statement');
  const statement = `Stadtsparkasse Rheinau                          Kontoauszug 3/2024
Zeitraum: 01.03.2024 - 31.03.2024
Buchung      Vorgang                                      Betrag EUR
             Alter Kontostand                               1.204,33
01.03.2024   Miete März Wohnung Lindenweg                    -850,00
05.03.2024   Gehalt Februar Muster AG                        2.950,12
12.03.2024   Kartenzahlung REWE Markt                           64,37
28.03.2024   Stromabschlag Stadtwerke                          -9200
             Neuer Kontostand                               3.148,08
`;
  const read = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text: statement })), ocr };
    return extractWithRules([doc], structure);
  };

  it('puts back one figure OCR misread, never two at a guess, and flags it for review', async () => {
    // 64,37 lost its minus and −92,00 was read −82,00: two misreadings, so the balances settle neither...
    const both = {
      ...(await readDocument({ text: statement.replace('-9200', '-82,00') })),
      ocr: true,
    };
    expect(
      (extractWithRules([both], structure).data.transactions as { amount: number }[]).map((t) => t.amount),
    ).toEqual([-850, 2950.12, 64.37, -82]);
    // ...while one alone is put back.
    const one = { ...(await readDocument({ text: statement.replace('-9200', '-92,00') })), ocr: true };
    const { data, confidence } = extractWithRules([one], structure);
    expect((data.transactions as { amount: number }[]).map((t) => t.amount)).toEqual([
      -850, 2950.12, -64.37, -92,
    ]);
    expect(confidence['/transactions/2/amount']).toBe(0.5);
    expect(confidence['/transactions/1/amount']).toBeGreaterThan(0.5);
  });

  it('is not looked for in a document with a text layer', async () => {
    const doc = await readDocument({ text: statement.replace('-9200', '-92,00') });
    const { data } = extractWithRules([doc], structure);
    expect((data.transactions as { amount: number }[])[2].amount).toBe(64.37);
  });

  it("reads a figure that lost its decimal comma in cents, where the page's amounts have cents", async () => {
    // −9200 is −92,00 without its comma; the balances then settle 64,37's lost minus as well.
    const { data, confidence } = await read(true);
    expect((data.transactions as { amount: number }[]).map((t) => t.amount)).toEqual([
      -850, 2950.12, -64.37, -92,
    ]);
    expect(confidence['/transactions/3/amount']).toBe(0.5);
    // As printed on a page with a text layer.
    const printed = await read(false);
    expect((printed.data.transactions as { amount: number }[])[3].amount).toBe(-9200);
  });
});

describe('amounts that lost their decimal mark', () => {
  const structure = seedDefinition('receipt');
  const receipt = (prices: string) => `Mercado Central
Descripción          Cant.   Precio     Total
Pan de barra            1     9,20 €    9,20 €
Manzanas                2     ${prices}
Café con leche          4     7,20 €   28,80 €
Total                                  45,98 €
`;
  const rows = async (prices: string) => {
    const doc = { ...(await readDocument({ text: receipt(prices) })), ocr: true };
    return extractWithRules([doc], structure);
  };

  it('are read in cents when the other amounts on the page have cents, and flagged', async () => {
    // 2 × 399 = 798 holds as well as 2 × 3,99 = 7,98: the arithmetic cannot tell, the page can.
    const { data, confidence } = await rows('399€     798€');
    expect((data.line_items as { unit_price: number; amount: number }[])[1]).toMatchObject({
      unit_price: 3.99,
      amount: 7.98,
    });
    expect(confidence['/line_items/1/amount']).toBe(0.5);
    expect(confidence['/line_items/0/amount']).toBeGreaterThan(0.5);
  });

  it('are read in cents where every figure lost its mark and a column adds up to a printed amount', async () => {
    const lostAll = (total: string) => `Mercado Central
Descripción          Cant.   Precio     Total
Pan de barra            1      920€      920€
Manzanas                2      399€      798€
Café con leche          4      720€     2880€
Subtotal                               ${total}
IVA 10 %                                 4,18 €
Total                                   ${total}
`;
    const read = async (total: string) => {
      const doc = { ...(await readDocument({ text: lostAll(total) })), ocr: true };
      return extractWithRules([doc], structure);
    };
    // 920 + 798 + 2880 = 4598: the subtotal printed with cents, 45,98 €.
    const { data, confidence } = await read('45,98 €');
    expect(
      (data.line_items as { unit_price: number; amount: number }[]).map((r) => [r.unit_price, r.amount]),
    ).toEqual([
      [9.2, 9.2],
      [3.99, 7.98],
      [7.2, 28.8],
    ]);
    expect(confidence['/line_items/2/amount']).toBe(0.5);
    // A column that adds up to no printed amount: the figures are left as read.
    const other = await read('47,98 €');
    expect((other.data.line_items as { amount: number }[]).map((r) => r.amount)).toEqual([920, 798, 2880]);
  });

  it('are read in cents where every figure lost its mark and the totals under them say so', async () => {
    // Only the total keeps its comma; the subtotal and tax lost theirs as the items did, and the
    // line of three figures (14,85 + 1,34 = 16,19) tells the subtotal the items must make.
    const till = (ocr: boolean) =>
      readDocument({
        text: `Supermarkt Van Dijk
Omschrijving         Aant.   Stukprijs    Bedrag
Spa blauw               1        €845      €845
Koffie verkeerd         2        €320      €640
                     1485         134     16,19
`,
      }).then((doc) => extractWithRules([{ ...doc, ocr }], structure));
    const { data, confidence } = await till(true);
    expect(
      (data.line_items as { unit_price: number; amount: number }[]).map((r) => [r.unit_price, r.amount]),
    ).toEqual([
      [8.45, 8.45],
      [3.2, 6.4],
    ]);
    expect([data.subtotal, data.tax, data.total]).toEqual([14.85, 1.34, 16.19]);
    expect(confidence['/line_items/1/unit_price']).toBe(0.5);
    // A text layer prints what it means.
    const printed = await till(false);
    expect((printed.data.line_items as { amount: number }[]).map((r) => r.amount)).toEqual([845, 640]);
  });

  it('are left alone where the page writes whole amounts', async () => {
    const whole = `Mercado Central
Descripción          Cant.   Precio     Total
Pan de barra            1      920 €     920 €
Manzanas                2      399 €     798 €
Total                                   1718 €
`;
    const doc = { ...(await readDocument({ text: whole })), ocr: true };
    const { data } = extractWithRules([doc], structure);
    expect((data.line_items as { amount: number }[]).map((r) => r.amount)).toEqual([920, 798]);
  });
});

describe('a scanned statement read with its misreadings', () => {
  const structure = seedDefinition('bank_statement');
  // As tesseract read a scan: a speck before "Date", the postcode's Q as 0, a lost decimal point.
  const statement = `Northshire Building Society
PO Box 88, Leeds LS1 4AB

Mrs Eleanor Hartley                       Your Current Account statement
12 Orchard Close                          Account number 71234567
York YO10 30D                             1 February 2026 to 28 February 2026

pe Date   "Payment type and details          Paid out     Paid in       Balance
01 Feb    BALANCE BROUGHT FORWARD                                      1,204.18
03 Feb    DD BRITISH GAS                         7250                  1,131.68
06 Feb    CARD PAYMENT TESCO STORES 2231        45.12                  1,086.56
28 Feb    BALANCE CARRIED FORWARD                                      1,086.56
`;

  it('keeps the dates under their caption, the holder by the postcode, and the debit by the balances', async () => {
    const doc = { ...(await readDocument({ text: statement })), ocr: true };
    const { data } = extractWithRules([doc], structure);
    expect(data.transactions).toEqual([
      { date: '2026-02-03', description: 'DD BRITISH GAS', debit: 72.5, balance: 1131.68 },
      { date: '2026-02-06', description: 'CARD PAYMENT TESCO STORES 2231', debit: 45.12, balance: 1086.56 },
    ]);
    expect(data.account_holder).toBe('Mrs Eleanor Hartley');
  });
});

/** The cells of one line of spans ([text, x0, x1] in page widths) under captions at their places. */
function cellsUnder(
  anchors: Anchor[],
  hints: StructureHints,
  table: string,
  ...spans: [string, number, number][]
) {
  const types = new Map(Object.entries(hints.tables![table].columns));
  const refs = spans.map(([text, x0, x1], index) => ({
    span: { text, bbox: [x0, 0.3, x1 - x0, 0.01] as [number, number, number, number] },
    folded: fold(text),
    index,
  }));
  const line = { doc: 0, page: 1, index: 0, key: '0:1:0', spans: refs, line: { text: '', spans: [] } };
  const { cells } = assignCells(line as unknown as LineRef, anchors, types);
  return Object.fromEntries([...cells].map(([k, c]) => [k, c.text]));
}
const captions = (...list: [string, string, number, number][]) =>
  list.map(([key, text, x0, x1], span) => ({ key, text, x0, x1, span }) as Anchor);

describe('a scanned statement whose cells OCR ran together', () => {
  // Captions and one OCR'd row at their places on the page (x0, x1 in page widths).
  const anchors = captions(
    ['date', 'Data mov.', 0.07, 0.15],
    ['description', 'Descrição', 0.44, 0.52],
    ['debit', 'Débitos', 0.66, 0.73],
    ['credit', 'Crédito', 0.76, 0.83],
    ['balance', 'Saldo', 0.9, 0.95],
  );
  const cellsOf = (...spans: [string, number, number][]) =>
    cellsUnder(anchors, bankStatementHints, '/transactions', ...spans);

  it('parts an amount from the description it ran into, its currency symbol before it', () => {
    expect(cellsOf(['2 de abril de 2024', 0.07, 0.21], ['Compra Continente R$118,57', 0.44, 0.71])).toEqual({
      date: '2 de abril de 2024',
      description: 'Compra Continente',
      debit: 'R$118,57',
    });
  });
  it('parts a credit and the balance read as one phrase, and an amount with its code run in', () => {
    expect(cellsOf(['MB WAY recebido', 0.44, 0.58], ['R$266,68 R$-644,26', 0.74, 0.95])).toEqual({
      description: 'MB WAY recebido',
      credit: 'R$266,68',
      balance: 'R$-644,26',
    });
    expect(cellsOf(['Nómina', 0.44, 0.5], ['42,32EUR 5.781,90 EUR', 0.68, 0.99])).toEqual({
      description: 'Nómina',
      debit: '42,32EUR',
      balance: '5.781,90 EUR',
    });
  });
  it('parts figures run together when a speck before one was read as a quote mark', () => {
    expect(cellsOf(['Nómina', 0.44, 0.5], ['‘42,32 EUR 5.781,90 EUR', 0.64, 0.99])).toEqual({
      description: 'Nómina',
      debit: '‘42,32 EUR',
      balance: '5.781,90 EUR',
    });
  });
  it('parts a numeric date from the description it ran into', () => {
    expect(cellsOf(['27-08-2024 Reintegro cajero', 0.07, 0.6], ['-582,04', 0.67, 0.73])).toEqual({
      date: '27-08-2024',
      description: 'Reintegro cajero',
      debit: '-582,04',
    });
  });
  it('parts a date written out from the description it ran into, under a caption that names no field', () => {
    // A value date ("Valor") beside the booking date: its column is kept apart but not read.
    const withValueDate = captions(
      ['date', 'Data mov.', 0.07, 0.15],
      ['', 'Valor', 0.22, 0.27],
      ['description', 'Descrição', 0.35, 0.48],
      ['debit', 'Débitos', 0.62, 0.69],
      ['balance', 'Saldo', 0.86, 0.93],
    );
    const cells = (...spans: [string, number, number][]) =>
      cellsUnder(withValueDate, bankStatementHints, '/transactions', ...spans);
    expect(
      cells(
        ['9 February 2023', 0.07, 0.2],
        ['11 February 2023 Insurance premium', 0.22, 0.53],
        ['433.15', 0.62, 0.69],
      ),
    ).toEqual({ date: '9 February 2023', description: 'Insurance premium', debit: '433.15' });
    // The value date alone, running on past the cut into the description's column.
    expect(
      cells(
        ['4 February 2023', 0.07, 0.2],
        ['5 February 2023', 0.22, 0.35],
        ['Card payment', 0.37, 0.52],
        ['57.26', 0.62, 0.69],
      ),
    ).toEqual({ date: '4 February 2023', description: 'Card payment', debit: '57.26' });
  });
  it('reads the amounts OCR glued or specked', () => {
    const money = (text: string) => parseValue(text, { type: 'money', labels: [] }, { ocr: true })?.value;
    expect(money('42,32EUR')).toBe(42.32);
    expect(money('5.739;58 EUR')).toBe(5739.58);
  });
});

describe("a table's header right under another block's captions", () => {
  const statement = `Northbridge Bank
Luca Rossi        GB29 BARC 1175 1267 9490 93      August 1, 2024      August 31, 2024      USD
Account holder    IBAN                             Statement period                         Account currency
Booking date      Value             Details                        Amount         Balance
                                    Opening balance                               1,794.57
August 6, 2024    August 7, 2024    Direct debit Netflix           -212.74        1,581.83
August 7, 2024    August 8, 2024    Transfer from M. Mustermann    2,168.61       3,750.44
                                    New balance                                   3,750.44
`;
  it('is read as the header, the captions above it no part of it', async () => {
    const doc = await readDocument({ text: statement });
    const { data } = extractWithRules([doc], seedDefinition('bank_statement'));
    expect(data.transactions).toEqual([
      { date: '2024-08-06', description: 'Direct debit Netflix', amount: -212.74, balance: 1581.83 },
      { date: '2024-08-07', description: 'Transfer from M. Mustermann', amount: 2168.61, balance: 3750.44 },
    ]);
    // The period printed over its caption, its two dates apart: the end is the last.
    expect([data.period_start, data.period_end]).toEqual(['2024-08-01', '2024-08-31']);
  });
});

describe('a scanned receipt whose count and prices OCR read as one phrase', () => {
  // Right-aligned columns: the count ends far left of the price's caption, yet the gap between
  // them reads as one space, so where each figure sits can't be told from its place in the text.
  const anchors = captions(
    ['description', 'Artikel', 0.157, 0.25],
    ['quantity', 'Anz.', 0.488, 0.54],
    ['unit_price', 'EP', 0.717, 0.75],
    ['amount', 'Betrag', 0.864, 0.98],
  );
  const cellsOf = (...spans: [string, number, number][]) =>
    cellsUnder(anchors, receiptHints, '/line_items', ...spans);

  it('gives each figure a column of its own, in order', () => {
    expect(
      cellsOf(['Käse Gouda', 0.161, 0.3], ['1 5,99 EUR', 0.551, 0.767], ['5,99 EUR', 0.816, 0.99]),
    ).toEqual({
      description: 'Käse Gouda',
      quantity: '1',
      unit_price: '5,99 EUR',
      amount: '5,99 EUR',
    });
    expect(cellsOf(['Butterbrezel', 0.162, 0.3], ['3 9,20 EUR 27,60 EUR', 0.549, 0.989])).toEqual({
      description: 'Butterbrezel',
      quantity: '3',
      unit_price: '9,20 EUR',
      amount: '27,60 EUR',
    });
  });
  it('keeps a currency code written before its figure with it', () => {
    expect(cellsOf(['Tee', 0.161, 0.2], ['2 EUR 3,10 EUR 6,20', 0.549, 0.989])).toEqual({
      description: 'Tee',
      quantity: '2',
      unit_price: 'EUR 3,10',
      amount: 'EUR 6,20',
    });
  });
  it('parts figures with their currency code or symbol run in, before or after them', () => {
    const prices = (...spans: [string, number, number][]) => {
      const { unit_price, amount } = cellsOf(...spans);
      return [unit_price, amount];
    };
    expect(prices(['Galão', 0.161, 0.25], ['1 BRL8,00 BRL8,00', 0.53, 0.99])).toEqual(['BRL8,00', 'BRL8,00']);
    expect(prices(['Manzanas', 0.161, 0.3], ['2', 0.52, 0.53], ['399€ 7,98€', 0.7, 0.95])).toEqual([
      '399€',
      '7,98€',
    ]);
  });
});

describe("a tax rate read into the items' names", () => {
  const receipt = (rows: string) => `Bar Centrale
Via Roma 12, 00184 Roma
Articolo                     Totale
${rows}
Totale EUR                   9,00
`;
  const names = async (rows: string) =>
    (
      extractWithRules(
        [{ ...(await readDocument({ text: receipt(rows) })), ocr: true }],
        seedDefinition('receipt'),
      ).data.line_items as { description?: string }[]
    ).map((r) => r.description);

  it('leaves the names when most of them end in a rate', async () => {
    expect(
      await names(
        'Cappuccino10,00%             3,00\nCornetto 10,00 %             2,00\nAcqua 0,5l 22,00%            4,00',
      ),
    ).toEqual(['Cappuccino', 'Cornetto', 'Acqua 0,5l']);
  });
  it("keeps a rate that is one name's own", async () => {
    expect(
      await names(
        'Latte 1,5%                   3,00\nCornetto                     2,00\nAcqua 0,5l                   4,00',
      ),
    ).toEqual(['Latte 1,5%', 'Cornetto', 'Acqua 0,5l']);
  });
});

describe("a till roll's count, price and amount that OCR read one space apart", () => {
  const items = async (rows: string) =>
    extractWithRules(
      [
        {
          ...(await readDocument({ text: `Café Luna\nVia Roma 1, 00184 Roma\n${rows}\nTotale 99,00\n` })),
          ocr: true,
        },
      ],
      seedDefinition('receipt'),
    ).data.line_items;

  it('reads the count and the price where the count times the price makes the amount', async () => {
    expect(await items('Cappuccino 2 3,50 7,00\n2 Cornetto 1,50 3,00\nPils 0,4l 2 x 4,20 8,40')).toEqual([
      { description: 'Cappuccino', quantity: 2, unit_price: 3.5, amount: 7 },
      { description: 'Cornetto', quantity: 2, unit_price: 1.5, amount: 3 },
      { description: 'Pils 0,4l', quantity: 2, unit_price: 4.2, amount: 8.4 },
    ]);
  });
  it('takes no count from figures that do not make the amount', async () => {
    const [row] = (await items('Menu 2 3,50 9,00')) as Record<string, unknown>[];
    expect(row.amount).toBe(9);
    expect(row.quantity).toBeUndefined();
  });
  it("ends the items at the line whose amount is their sum when OCR garbled the total's label", async () => {
    const text =
      'Café Luna\nVia Roma 1, 00184 Roma\nCappuccino 3,50\nCornetto 1,50\nAcqua 1,00\nT0ta1e 6,00\nContanti 10,00\n';
    const data = extractWithRules(
      [{ ...(await readDocument({ text })), ocr: true }],
      seedDefinition('receipt'),
    ).data;
    expect(data.line_items).toEqual([
      { description: 'Cappuccino', amount: 3.5 },
      { description: 'Cornetto', amount: 1.5 },
      { description: 'Acqua', amount: 1 },
    ]);
  });
  it('takes no item from a line longer than any till prints', async () => {
    const long = `${'Cappuccino '.repeat(30)}2 3,50 7,00`;
    const text = `Café Luna\nVia Roma 1, 00184 Roma\n${long}\nCornetto 2 1,50 3,00\nTotale 3,00\n`;
    const data = extractWithRules(
      [{ ...(await readDocument({ text })), ocr: true }],
      seedDefinition('receipt'),
    ).data;
    expect(data.line_items).toEqual([{ description: 'Cornetto', quantity: 2, unit_price: 1.5, amount: 3 }]);
  });
});

describe('a capital OCR read as a figure at the start of a label', () => {
  it('is read as the letter where that makes one label word, and only there', () => {
    const vocabulary = labelVocabulary(['Qtd.', 'Summe', 'Item', 'Total']);
    expect(mendedLabelWords(fold('0td'), vocabulary)?.text).toBe('qtd');
    expect(mendedLabelWords(fold('5umme EUR'), vocabulary)?.text).toBe('summe eur');
    expect(mendedLabelWords(fold('1tem'), vocabulary)?.text).toBe('item');
    // A Q whose tail OCR lost.
    expect(mendedLabelWords(fold('Otd.'), vocabulary)?.text).toBe('qtd.');
    expect(mendedLabelWords(fold('Otto'), vocabulary)).toBeNull();
    // A code, a count and a word that is no label's keep their figures.
    expect(mendedLabelWords(fold('0A45046'), vocabulary)).toBeNull();
    expect(mendedLabelWords(fold('10 pcs'), vocabulary)).toBeNull();
    expect(mendedLabelWords(fold('8ar'), vocabulary)).toBeNull();
  });

  it('names its column in a till roll\'s header ("0td" for "Qtd.")', () => {
    const span = (text: string, x: number, y: number): Placed => ({
      text,
      bbox: [x, y, 0.012 * text.length, 0.015],
    });
    const row = (y: number, cells: [string, number][]) => cells.map(([t, x]) => span(t, x, y));
    const doc = scannedReceipt([
      row(0.05, [['Mercearia do Bairro', 0.13]]),
      row(0.2, [
        ['Artigo', 0.13],
        ['0td', 0.45],
        ['P. unit', 0.59],
        ['Total', 0.86],
      ]),
      row(0.23, [
        ['Sumo de laranja', 0.13],
        ['1', 0.51],
        ['11,45', 0.59],
        ['11,45', 0.79],
      ]),
      row(0.26, [
        ['Café', 0.13],
        ['3', 0.5],
        ['8,00', 0.59],
        ['24,00', 0.79],
      ]),
      row(0.3, [
        ['Total à pagar:', 0.47],
        ['35,45', 0.82],
      ]),
    ]);
    const items = extractWithRules([doc], seedDefinition('receipt')).data.line_items as Record<
      string,
      unknown
    >[];
    expect(items.map((i) => i.quantity)).toEqual([1, 3]);
  });
});

describe('a header row that a skewed scan split over two lines', () => {
  const span = (text: string, x: number, y: number): Placed => ({
    text,
    bbox: [x, y, 0.012 * text.length, 0.015],
  });
  const row = (y: number, cells: [string, number][]) => cells.map(([t, x]) => span(t, x, y));
  const items = () => {
    const doc = scannedReceipt([
      row(0.05, [['Mercearia do Bairro', 0.13]]),
      // The right end of the header sits lower: "unitário" and "Total" came out as a line of their own.
      row(0.198, [
        ['unitário', 0.616],
        ['Total', 0.8],
      ]),
      row(0.2, [
        ['Artigo', 0.13],
        ['Qtd.', 0.4],
        ['Preço', 0.55],
      ]),
      row(0.23, [
        ['Sumo de laranja', 0.13],
        ['1', 0.42],
        ['11,45', 0.6],
        ['11,45', 0.8],
      ]),
      row(0.26, [
        ['Café', 0.13],
        ['3', 0.42],
        ['8,00', 0.61],
        ['24,00', 0.8],
      ]),
      row(0.3, [
        ['Total à pagar:', 0.47],
        ['35,45', 0.82],
      ]),
    ]);
    return extractWithRules([doc], seedDefinition('receipt')).data.line_items as Record<string, unknown>[];
  };

  it('reads the words of one caption beside each other as that caption ("Preço unitário")', () => {
    expect(items().map((i) => i.unit_price)).toEqual([11.45, 8]);
  });
});

describe('a number caption whose raised circle and dot OCR lost', () => {
  it('still names the code over it ("Nota de encomenda n"), as a word of its own that ends the caption', () => {
    const label = labelRegExp('Nota de encomenda N°');
    expect(matchLabel(fold('Nota de encomenda n'), label)).not.toBeNull();
    expect(matchLabel(fold('Nota de encomenda n:'), label)).not.toBeNull();
    expect(matchLabel(fold('Nota de encomenda n 2025-5349'), label)).toBeNull();
    expect(matchLabel(fold('Nota de encomendan'), label)).toBeNull();
    const span = (text: string, x: number, y: number): Placed => ({
      text,
      bbox: [x, y, 0.007 * text.length, 0.015],
    });
    const doc = {
      ...scannedReceipt([
        [span('Encomenda', 0.07, 0.1)],
        [span('2025-5349', 0.07, 0.14), span('22 de outubro de 2023', 0.22, 0.14)],
        [span('Nota de encomenda n', 0.07, 0.16), span('Data', 0.22, 0.16)],
      ]),
    };
    expect(extractWithRules([doc], seedDefinition('purchase_order')).data.po_number).toBe('2025-5349');
  });
});

describe('a code wrapped at its hyphen in a narrow cell', () => {
  const span = (text: string, x: number, y: number): Placed => ({
    text,
    bbox: [x, y, 0.012 * text.length, 0.015],
  });
  const receiptNumber = (under: string) =>
    extractWithRules(
      [
        scannedReceipt([
          [span('Café Central Lda.', 0.17, 0.05)],
          [span('Fatura n.º', 0.19, 0.2), span('Data', 0.43, 0.2)],
          [span('2528-', 0.19, 0.22), span('18-01-2024', 0.43, 0.22)],
          [span(under, 0.19, 0.24), span('19:17', 0.43, 0.24)],
        ]),
      ],
      seedDefinition('receipt'),
    ).data.receipt_number;

  it('is read whole, its end from the line under it', () => {
    expect(receiptNumber('768')).toBe('2528-768');
  });

  it('takes no word from under it', () => {
    expect(receiptNumber('Obrigado')).toBe('2528-');
  });
});

describe("a label's hyphen OCR set apart from its word", () => {
  it('is the same label ("Rechnungs -Nr." for "Rechnungs-Nr.")', async () => {
    const text = 'Bergmann Elektro KG\nRechnungs -Nr.   2024/2254\nRechnungsdatum:   2023-01-23\n';
    const doc = { ...(await readDocument({ text })), ocr: true };
    expect(extractWithRules([doc], seedDefinition('invoice')).data.invoice_number).toBe('2024/2254');
    expect(matchLabel(fold('Rechnungs- Nr. 7'), labelRegExp('Rechnungs-Nr.'))).not.toBeNull();
    expect(matchLabel(fold('Rechnungs Nr. 7'), labelRegExp('Rechnungs-Nr.'))).toBeNull();
  });
});

describe("a row's count or price that OCR lost", () => {
  const structure = seedDefinition('receipt');
  const receipt = (rows: string) => `Mercado Central
Descripción          Cant.   Precio     Total
Pan de barra            1     9,20 €    9,20 €
${rows}
Café con leche          4     7,20 €   28,80 €
`;
  const items = async (rows: string, ocr = true) => {
    const doc = { ...(await readDocument({ text: receipt(rows) })), ocr };
    const { data, confidence } = extractWithRules([doc], structure);
    return {
      rows: data.line_items as { quantity?: number; unit_price?: number; amount: number }[],
      confidence,
    };
  };

  it('is taken from the price it ran into where the two make the amount, commas lost or not', async () => {
    const kept = await items('Tostada con tomate            3 6,45 €  19,35 €');
    expect(kept.rows[1]).toMatchObject({ quantity: 3, unit_price: 6.45, amount: 19.35 });
    expect(kept.confidence['/line_items/1/quantity']).toBe(0.5);
    expect(kept.confidence['/line_items/1/unit_price']).toBe(0.5);
    // The scan's own reading: both commas lost ("3 645€" by "1935€").
    const lost = await items('Tostada con tomate            3 645€    1935€');
    expect(lost.rows[1]).toMatchObject({ quantity: 3, unit_price: 6.45, amount: 19.35 });
  });

  it('is, for a price OCR could not read, the amount ÷ the count, where that comes out to the cent', async () => {
    const unread = await items('Tostada con tomate      3    a3715      19,35 €');
    expect(unread.rows[1]).toMatchObject({ quantity: 3, unit_price: 6.45, amount: 19.35 });
    expect(unread.confidence['/line_items/1/unit_price']).toBe(0.5);
    // Not to the cent (19,36 ÷ 3), a speck with no digits, or an amount whose own mark was lost: no price.
    expect(
      (await items('Tostada con tomate      3    a3715      19,36 €')).rows[1].unit_price,
    ).toBeUndefined();
    expect(
      (await items('Tostada con tomate      3    ae         19,35 €')).rows[1].unit_price,
    ).toBeUndefined();
    expect((await items('Tostada con tomate      3    a3715      1935€')).rows[1].unit_price).not.toBe(645);
  });

  it('is taken apart from the price that ran into its own cell, the price column left with no figure', async () => {
    // "1 11,50" read as "1 1150" under the count's caption, only "EUR" under the price's.
    const ran = await items('Agua mineral 50cl       1 1150   EUR    11,50 €');
    expect(ran.rows[1]).toMatchObject({ quantity: 1, unit_price: 11.5, amount: 11.5 });
    expect(ran.confidence['/line_items/1/unit_price']).toBe(0.5);
    // The space between them read as a point, the price's comma lost: "3 12,45" read as "3.1245".
    expect((await items('Manzanas                3.1245   EUR    37,35 €')).rows[1]).toMatchObject({
      quantity: 3,
      unit_price: 12.45,
    });
    // No split makes the amount: as read.
    const none = await items('Agua mineral 50cl       1 1150   EUR    12,50 €');
    expect(none.rows[1].unit_price).toBeUndefined();
  });

  it('is taken from the price it was glued to, the space lost too, where the two make the amount', async () => {
    // "1 12,20" read as "112,20", beside its amount 12,20; "2 2,99" as "22,99" beside 5,98.
    const one = await items('Milch 1,5% 1l                   112,20 €  12,20 €');
    expect(one.rows[1]).toMatchObject({ quantity: 1, unit_price: 12.2, amount: 12.2 });
    expect(one.confidence['/line_items/1/unit_price']).toBe(0.5);
    const two = await items('Milch 1,5% 1l                   22,99 €    5,98 €');
    expect(two.rows[1]).toMatchObject({ quantity: 2, unit_price: 2.99, amount: 5.98 });
    // The comma lost as well: "1 11,99" read as "11199".
    expect((await items('Vollkornbrot                    11199     11,99 €')).rows[1]).toMatchObject({
      quantity: 1,
      unit_price: 11.99,
    });
    // The price's currency sign between them read as a figure: "3 €10,45" read as "3810,45".
    expect((await items('Orangensaft                     3810,45   31,35 €')).rows[1]).toMatchObject({
      quantity: 3,
      unit_price: 10.45,
    });
    // No split makes the amount: the price stays as read, with no count.
    const none = await items('Milch 1,5% 1l                   112,20 €  13,20 €');
    expect(none.rows[1]).toMatchObject({ unit_price: 112.2, amount: 13.2 });
    expect(none.rows[1].quantity).toBeUndefined();
  });

  it('is one under a count caption where the price is the amount', async () => {
    const { rows, confidence } = await items('Tomaten lose                  2,00 €    2,00 €');
    expect(rows[1]).toMatchObject({ quantity: 1, unit_price: 2, amount: 2 });
    expect(confidence['/line_items/1/quantity']).toBe(0.5);
  });

  it('is the whole number of prices the amount makes where it was misread as a letter', async () => {
    const { rows, confidence } = await items('Cappuccino              a     2,50 €   10,00 €');
    expect(rows[1]).toMatchObject({ quantity: 4, unit_price: 2.5, amount: 10 });
    expect(confidence['/line_items/1/quantity']).toBe(0.5);
    // No whole number of prices makes the amount: no count.
    expect((await items('Cappuccino              a     2,50 €   10,10 €')).rows[1].quantity).toBeUndefined();
    // An order's count of hundreds is as whole ("250" read as "ZSO").
    expect((await items('Servilletas            ZSO     0,12 €   30,00 €')).rows[1]).toMatchObject({
      quantity: 250,
      unit_price: 0.12,
    });
  });

  it('is not made up where the figures disagree, nor on a text layer', async () => {
    expect((await items('Tostada con tomate            3 6,45 €  20,00 €')).rows[1].quantity).toBeUndefined();
    expect(
      (await items('Tostada con tomate            3 6,45 €  19,35 €', false)).rows[1].quantity,
    ).toBeUndefined();
    expect(
      (await items('Tomaten lose                  2,00 €    2,00 €', false)).rows[1].quantity,
    ).toBeUndefined();
  });
});

describe('labels and dates wrapped in a narrow column of a till roll', () => {
  const span = (text: string, x: number, y: number): Placed => ({
    text,
    bbox: [x, y, 0.02 * text.length, 0.015],
  });
  const row = (y: number, cells: [string, number][]) => cells.map(([t, x]) => span(t, x, y));
  const roll = (dateEnd: string) =>
    scannedReceipt([
      row(0.05, [['Green Leaf Grocery', 0.2]]),
      row(0.1, [
        ['Purchase', 0.1],
        ['1 August', 0.5],
      ]),
      row(0.12, [
        ['date:', 0.1],
        // Right-aligned under the day and month, as the cell sets it.
        [dateEnd, 0.5 + 0.02 * ('1 August'.length - dateEnd.length)],
      ]),
      row(0.2, [
        ['Item', 0.1],
        ['Qty', 0.4],
        ['Price', 0.55],
        ['Amount', 0.75],
      ]),
      row(0.23, [
        ['Tomatoes', 0.1],
        ['3', 0.42],
        ['4.20', 0.55],
        ['12.60', 0.75],
      ]),
      row(0.26, [
        ['Sub-', 0.1],
        ['12.60', 0.75],
      ]),
      row(0.28, [['total', 0.1]]),
      row(0.31, [
        ['Forma de', 0.1],
        ['Tarjeta', 0.5],
      ]),
      row(0.33, [['pago', 0.1]]),
    ]);

  it('reads the label from both lines and its value right of the first', () => {
    const { data } = extractWithRules([roll('2024')], seedDefinition('receipt'));
    expect(data.date).toBe('2024-08-01');
    expect(data.subtotal).toBe(12.6);
    expect(data.payment_method).toBe('card');
    // "Sub- total" ends the items: it is no item of its own.
    expect(data.line_items).toHaveLength(1);
  });

  it("reads a grid's caption wrapped in its cell, its value under the caption's last line", () => {
    // "Scontrino n." wrapped in its cell, its dot lost to OCR; "Scontrino" alone is the title.
    const doc = scannedReceipt([
      row(0.05, [['Caffè del Corso', 0.1]]),
      row(0.1, [
        ['Scontrino', 0.1],
        ['Data', 0.45],
      ]),
      row(0.127, [['n', 0.1]]),
      row(0.154, [
        ['155732', 0.1],
        ['20-02-2023', 0.45],
      ]),
    ]);
    const { data } = extractWithRules([doc], seedDefinition('receipt'));
    expect(data.receipt_number).toBe('155732');
    expect(data.date).toBe('2023-02-20');
  });

  it('leaves a label that is a row of its own under another label as it is', () => {
    // "Date" over "Required by" with a date after it is no "Date required" wrapped.
    const order = scannedReceipt([
      row(0.05, [
        ['P.O. #', 0.6],
        ['2025-5064', 0.75],
      ]),
      row(0.07, [
        ['Date', 0.6],
        ['03/03/2023', 0.75],
      ]),
      row(0.085, [
        ['Required by', 0.6],
        ['04/20/2023', 0.75],
      ]),
    ]);
    const { data } = extractWithRules([order], seedDefinition('purchase_order'));
    expect(data.order_date).toBe('2023-03-03');
    expect(data.delivery_date).toBe('2023-04-20');
  });

  it('joins a date wrapped after its separator straight on, under its end', () => {
    const doc = scannedReceipt([
      row(0.1, [
        ['Datum:', 0.1],
        ['26-12-', 0.5],
      ]),
      row(0.12, [['2023', 0.54]]),
    ]);
    expect(extractWithRules([doc], seedDefinition('receipt')).data.date).toBe('2023-12-26');
  });

  it("joins a wrapped date's year past a line of the column beside it", () => {
    // The address's line stands between "Date  2 juin" and "d'achat  2024" in the page's order.
    const doc = scannedReceipt([
      row(0.134, [
        ['Date', 0.5],
        ['2 juin', 0.66],
      ]),
      row(0.143, [['Bahnhofstrasse', 0.17]]),
      row(0.157, [
        ["d'achat", 0.5],
        ['2024', 0.66],
      ]),
    ]);
    expect(extractWithRules([doc], seedDefinition('receipt')).data.date).toBe('2024-06-02');
  });

  it("never takes a whole date under a cut one as its rest: that is the next field's", () => {
    const doc = scannedReceipt([
      row(0.1, [
        ['Fecha', 0.5],
        ['1', 0.66],
      ]),
      row(0.11, [['Calle Mayor 5', 0.17]]),
      row(0.12, [
        ['Vencimiento', 0.5],
        ['15/04/2024', 0.66],
      ]),
    ]);
    const { data } = extractWithRules([doc], seedDefinition('invoice'));
    expect(data.due_date).toBe('2024-04-15');
    expect(data.issue_date).not.toBe('2024-04-15');
  });
});

describe('a summary figure OCR misread: a minus added, a decimal point lost', () => {
  const structure = seedDefinition('invoice');
  const invoice = (subtotal: string, tax: string, total: string) => `Atelier Dubois SARL
Facture n° F-2024-118
Désignation                 Qté    PU            Total
Conseil                     2      100,00 €      200,00 €
Sous-total                                       ${subtotal}
TVA 20 %                                         ${tax}
Total TTC                                        ${total}
`;
  const read = async (text: string, ocr: boolean) => {
    const doc = { ...(await readDocument({ text })), ocr };
    return extractWithRules([doc], structure);
  };

  it('is positive where the figures add up so and not as read, and flagged', async () => {
    // A dash read after the tax (`40,00-€`): 200 + 40 = 240, not 200 − 40.
    const { data, confidence } = await read(invoice('200,00 €', '40,00-€', '240,00 €'), true);
    expect(data).toMatchObject({ subtotal: 200, tax: 40, total: 240 });
    expect(confidence['/tax']).toBe(0.5);
    // As printed on a page with a text layer.
    expect((await read(invoice('200,00 €', '40,00-€', '240,00 €'), false)).data.tax).toBe(-40);
  });

  it("leaves a credit note's figures negative: they add up as read", async () => {
    const { data } = await read(invoice('-200,00 €', '-40,00 €', '-240,00 €'), true);
    expect(data).toMatchObject({ subtotal: -200, tax: -40, total: -240 });
  });

  it('takes back a decimal point OCR lost where only that makes the figures add up', async () => {
    // `4000 €` for 40,00 €: 200 + 40 = 240.
    const { data, confidence } = await read(invoice('200,00 €', '4000 €', '240,00 €'), true);
    expect(data).toMatchObject({ subtotal: 200, tax: 40, total: 240 });
    expect(confidence['/tax']).toBe(0.5);
    expect((await read(invoice('200,00 €', '4000 €', '240,00 €'), false)).data.tax).toBe(4000);
    // A figure printed with its mark is as read, even where the figures do not add up.
    expect((await read(invoice('200,00 €', '40,00 €', '250,00 €'), true)).data.tax).toBe(40);
  });
});

describe('line totals whose caption OCR lost, right of the prices', () => {
  const table = `Receipt 1/9313
Description        Qty    Price
Croissant            2    £2.99    £5.98
Chocolate bar        1    £9.99    £9.99
Bananas 1kg          3    £4.50   £13.50
Subtotal: £29.47
`;
  const items = async (text: string, ocr = true) => {
    const doc = { ...(await readDocument({ text })), ocr };
    const { data } = await extractWithRules([doc], seedDefinition('receipt'));
    return (data.line_items as Record<string, unknown>[]).map((r) => [r.quantity, r.unit_price, r.amount]);
  };

  it('are the amounts, the figures before them the prices', async () => {
    expect(await items(table)).toEqual([
      [2, 2.99, 5.98],
      [1, 9.99, 9.99],
      [3, 4.5, 13.5],
    ]);
  });
  it('are looked for only where most rows hold two prices', async () => {
    const one = table.replace('    £5.98', '').replace('    £9.99\n', '\n');
    // One row of three with two figures is no column of totals: no amount is made up.
    expect((await items(one)).map((r) => r[2])).toEqual([undefined, undefined, undefined]);
  });
});

describe('a till roll priced in reais', () => {
  const roll = `Padaria Estrela
Água 0,5l   1   R$12,99   R$12,99)
Pão         1   R$7,45    R$7,45
Total a pagar   R$20,44
`;
  const amounts = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text: roll })), ocr };
    const { data } = await extractWithRules([doc], seedDefinition('receipt'));
    return ((data.line_items ?? []) as { amount: number }[]).map((r) => r.amount);
  };

  it('reads R$ as a currency, and a bracket OCR read after a price as a speck', async () => {
    expect(await amounts(true)).toEqual([12.99, 7.45]);
  });
  it('keeps a bracket a text layer prints: that row is no item shape', async () => {
    expect(await amounts(false)).toEqual([7.45]);
  });
});

describe('a scanned supermarket roll as OCR read it', () => {
  // As OCR read one: a speck after a price or its tax class read as a point or a dash, a figure
  // tax class after the euro sign, a euro sign read as a pound sign, a currency code in mixed case.
  const roll = `Alimentari Da Gino
2 X EUR 3,50
Prosciutto crudo      EUR 7,00 A-
1 X EUR 3,99
Cornetto              EUR 3,99.
2 Stk x 10,20 €
Milch 1,5% 1l         20,40€ 1
2 Queso manchego      6,20 € 12,40 £A
Espresso              Eur 2,50
Subtotale             EUR 46,29
`;
  it('reads each item, with the count over it where there is one', async () => {
    const doc = { ...(await readDocument({ text: roll })), ocr: true };
    const { data } = await extractWithRules([doc], seedDefinition('receipt'));
    expect(data.line_items).toEqual([
      { description: 'Prosciutto crudo', quantity: 2, unit_price: 3.5, amount: 7 },
      { description: 'Cornetto', quantity: 1, unit_price: 3.99, amount: 3.99 },
      { description: 'Milch 1,5% 1l', quantity: 2, unit_price: 10.2, amount: 20.4 },
      { description: 'Queso manchego', quantity: 2, unit_price: 6.2, amount: 12.4 },
      { description: 'Espresso', amount: 2.5 },
    ]);
  });
});

describe('a till roll whose total OCR garbled, its label and its figure', () => {
  // The totals printed as figures over captions OCR lost ("13949 | 18,13€ | 157.62" over "€ IVA €").
  const roll = (rows: string) => `Padaria Estrela
Talão de venda
${rows}
13949     18,13€     157.62     Numerdrio
€     IVA     €     MODO
`;
  const items = async (rows: string) => {
    const doc = { ...(await readDocument({ text: roll(rows) })), ocr: true };
    return (extractWithRules([doc], seedDefinition('receipt')).data.line_items ?? []) as { amount: number }[];
  };
  it('keeps the items where three rows or more have a count and a price that make their amount', async () => {
    const rows = `Agua 0,5l     1  11,20€   11,20€
Bananas       1  11,50€   11,50€
Sumo de laranja   4  11,50€  46,00€
Sumo de laranja   4  7,50€   30,00€`;
    expect((await items(rows)).map((r) => r.amount)).toEqual([11.2, 11.5, 46, 30]);
  });
  it('reads no items from two such rows alone: other lines may take their shape', async () => {
    const rows = `Agua 0,5l     1  11,20€   11,20€
Bananas       1  11,50€   11,50€`;
    expect(await items(rows)).toEqual([]);
  });
});

describe("a till roll's tax class figure run into the amount by OCR", () => {
  // As OCR read a scanned roll printing a tax class "1" after each amount: the space before it
  // lost on two lines ("R$ 13,981" for "R$ 13,98 1").
  const roll = (a: string, b: string, c: string) => `Café Central Lda.
Fatura n.º 2885-155
Galão                      ${a}
2 x R$ 6,99
Água 0,5l                  ${b}
Bananas                    ${c}
Total s/ IVA               R$ 32,47
`;
  const amounts = async (text: string) => {
    const doc = { ...(await readDocument({ text })), ocr: true };
    const { data } = await extractWithRules([doc], seedDefinition('receipt'));
    return ((data.line_items ?? []) as { amount: number }[]).map((r) => r.amount);
  };
  it('is dropped where the decimal mark is a comma: three digits after it end no amount', async () => {
    expect(await amounts(roll('R$ 13,981', 'R$ 10,50 1', 'R$ 7,991'))).toEqual([13.98, 10.5, 7.99]);
  });
  it('is kept where the decimal mark is a point: "7,991" may be a figure grouped in thousands', async () => {
    const dollars = roll('$13.98 1', '$10.50 1', '$7,991')
      .replace('R$ 6,99', '$6.99')
      .replace('R$ 32,47', '$32.47');
    expect(await amounts(dollars)).not.toContain(7.99);
  });
});

describe('a wrapped description with a speck read in a figure column beside it', () => {
  const statement = `Banco Ibérico
F. operación   Descripción                      Cargos        Saldo
               Saldo anterior                                 8.903,50 €
03-03-2023     Comisión mantenimiento           558,41 €      8.345,09 €
               Ref. 17775032                                  su
05-03-2023     Reintegro cajero                 128,62 €      8.216,47 €
               Ref. 88837100
`;
  const descriptions = async (ocr: boolean) => {
    const doc = { ...(await readDocument({ text: statement })), ocr };
    const rows = extractWithRules([doc], seedDefinition('bank_statement')).data.transactions;
    return (rows as { description: string }[]).map((r) => r.description);
  };
  it('is still the row’s text: the speck is no figure', async () => {
    expect(await descriptions(true)).toEqual([
      'Comisión mantenimiento Ref. 17775032',
      'Reintegro cajero Ref. 88837100',
    ]);
  });
});

describe('a speck read as a letter on a line of its own under a row', () => {
  /** A scanned page: each line's spans `[text, x0, x1]`, at its top and height (page fractions). */
  const page = (lines: { y: number; h: number; spans: [string, number, number][] }[]) => ({
    kind: 'image' as const,
    mimeType: 'image/png',
    filename: 'scan.png',
    sha256: null,
    ocr: true,
    pages: [
      {
        number: 1,
        lines: lines.map(({ y, h, spans }) => ({
          text: spans.map(([t]) => t).join(' '),
          bbox: [spans[0][1], y, spans[spans.length - 1][2] - spans[0][1], h] as [
            number,
            number,
            number,
            number,
          ],
          spans: spans.map(([text, a, b]) => ({
            text,
            bbox: [a, y, b - a, h] as [number, number, number, number],
          })),
        })),
      },
    ],
  });
  const row = (
    y: number,
    ...cells: string[]
  ): { y: number; h: number; spans: [string, number, number][] } => ({
    y,
    h: 0.016,
    spans: [
      [cells[0], 0.07, 0.35],
      [cells[1], 0.5, 0.52],
      [cells[2], 0.62, 0.72],
      [cells[3], 0.8, 0.9],
    ],
  });
  const items = (speck: string, h: number) => {
    const doc = page([
      row(0.3, 'Descripción', 'Cantidad', 'P. unit.', 'Importe'),
      row(0.33, 'Cable USB-C 2 m', '2', '214,46 EUR', '428,92 EUR'),
      row(0.36, 'Instalación in situ 5', '4', '1.043,12 EUR', '4.172,48 EUR'),
      { y: 0.378, h, spans: [[speck, 0.066, 0.069]] },
      { y: 0.42, h: 0.014, spans: [['Importe neto: 4.601,40 EUR', 0.68, 0.93]] },
    ]);
    return (
      extractWithRules([doc], seedDefinition('invoice')).data.line_items as { description: string }[]
    ).map((r) => r.description);
  };
  it('is no part of the row above', () => {
    expect(items('L', 0.007)).toEqual(['Cable USB-C 2 m', 'Instalación in situ 5']);
  });
  it('is a wrapped description where it is as tall as the rows', () => {
    expect(items('L', 0.015)).toEqual(['Cable USB-C 2 m', 'Instalación in situ 5 L']);
  });
});
