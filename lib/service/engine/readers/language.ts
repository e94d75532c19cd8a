/**
 * Which language a page is written in, from words OCR read with the English model: common words
 * and document vocabulary per language. Used to re-read a page with its own language's model.
 */
import type { OcrLanguage } from './ocr-settings';

const WORDS: Record<Exclude<OcrLanguage, 'eng'>, string[]> = {
  deu: [
    'und',
    'der',
    'die',
    'das',
    'mit',
    'für',
    'rechnung',
    'datum',
    'betrag',
    'mwst',
    'summe',
    'netto',
    'brutto',
    'menge',
    'straße',
    'strasse',
    'bitte',
    'zahlbar',
    'gesamt',
    'ust',
    'kunde',
    'nr',
  ],
  fra: [
    'le',
    'la',
    'les',
    'des',
    'du',
    'et',
    'pour',
    'facture',
    'montant',
    'tva',
    'total',
    'ht',
    'ttc',
    'date',
    'rue',
    'prix',
    'quantité',
    'client',
    'à',
    'payer',
    'échéance',
  ],
  spa: [
    'el',
    'los',
    'las',
    'del',
    'y',
    'para',
    'factura',
    'importe',
    'iva',
    'fecha',
    'calle',
    'precio',
    'cantidad',
    'cliente',
    'total',
    'pago',
    'vencimiento',
    'base',
  ],
  ita: [
    'il',
    'di',
    'del',
    'della',
    'e',
    'per',
    'fattura',
    'importo',
    'totale',
    'data',
    'via',
    'prezzo',
    'quantità',
    'cliente',
    'pagamento',
    'scadenza',
    'imponibile',
    'iva',
  ],
  // Neither list has "de": Spanish, Portuguese and Dutch all use it, and it would tell them apart by chance.
  por: [
    'do',
    'da',
    'dos',
    'das',
    'fatura',
    'valor',
    'rua',
    'preço',
    'preco',
    'quantidade',
    'pagamento',
    'vencimento',
    'morada',
    'contribuinte',
    'nif',
    'encomenda',
    'extrato',
    'descrição',
    'descricao',
    'não',
    'nao',
  ],
  nld: [
    'het',
    'een',
    'van',
    'en',
    'voor',
    'factuur',
    'bedrag',
    'btw',
    'totaal',
    'prijs',
    'aantal',
    'klant',
    'betaling',
    'vervaldatum',
    'straat',
    'omschrijving',
    'bestelling',
    'rekening',
    'afschrift',
  ],
};
const ENGLISH = [
  'the',
  'and',
  'of',
  'to',
  'for',
  'invoice',
  'date',
  'amount',
  'total',
  'due',
  'please',
  'tax',
  'vat',
  'price',
  'quantity',
  'bill',
  'payment',
  'street',
];

/** The page's language, or `eng` unless another one is clearly ahead. */
export function detectLanguage(words: string[]): OcrLanguage {
  const folded = words.map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, '')).filter(Boolean);
  const count = (list: string[]) => {
    const set = new Set(list);
    return folded.filter((w) => set.has(w)).length;
  };
  const english = count(ENGLISH);
  let best: OcrLanguage = 'eng';
  let bestScore = english;
  for (const [lang, list] of Object.entries(WORDS) as [OcrLanguage, string[]][]) {
    const score = count(list);
    if (score > bestScore * 1.5 && score >= 3) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
