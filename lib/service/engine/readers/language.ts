/**
 * Which language a page is written in, from words OCR read with the English model: common words
 * and the vocabulary of invoices, receipts, orders and bank statements per language. Used to
 * re-read a page with its own language's model.
 */
import type { OcrLanguage } from './ocr-settings';

/**
 * Words of each language as `detectLanguage` folds what was read: lower case, letters only,
 * accents kept (the English model reads "Überweisung" as "Uberweisung", so both spellings are
 * listed where it matters). A word listed for two languages tells neither (see `OWNER`).
 */
const WORDS: Record<OcrLanguage, string[]> = {
  eng: [
    ...['the', 'and', 'of', 'to', 'for', 'with', 'from', 'your', 'you', 'this', 'please', 'thank', 'is'],
    ...['invoice', 'date', 'amount', 'due', 'tax', 'vat', 'price', 'quantity', 'qty', 'bill', 'payment'],
    ...['street', 'statement', 'account', 'balance', 'opening', 'closing', 'transaction', 'transfer'],
    ...['description', 'purchase', 'order', 'delivery', 'receipt', 'paid', 'card', 'cash', 'change'],
    ...['subtotal', 'unit', 'number', 'period', 'customer', 'supplier', 'ship', 'terms', 'withdrawal'],
  ],
  deu: [
    ...['und', 'der', 'die', 'das', 'mit', 'für', 'fur', 'bitte', 'sie', 'ihren', 'ihre', 'ihr', 'sind'],
    ...['von', 'bis', 'zum', 'zur', 'auf', 'innerhalb', 'vielen', 'dank', 'nicht', 'wir', 'uns', 'ist'],
    ...['rechnung', 'datum', 'betrag', 'mwst', 'ust', 'summe', 'netto', 'brutto', 'menge', 'anzahl'],
    ...['straße', 'strasse', 'zahlbar', 'gesamt', 'kunde', 'nr', 'einzelpreis', 'gesamtpreis', 'stück'],
    ...['zwischensumme', 'rechnungsbetrag', 'fällig', 'fallig', 'bezeichnung', 'beschreibung'],
    ...['kontoauszug', 'inhaber', 'kontoinhaber', 'buchungstag', 'buchung', 'verwendungszweck', 'umsatz'],
    ...['kontostand', 'gutschrift', 'lastschrift', 'überweisung', 'uberweisung', 'gehalt', 'wertstellung'],
    ...['zeitraum', 'auszug', 'währung', 'wahrung', 'beleg', 'belegnummer', 'zahlungsart', 'zahlen'],
    ...['bestellung', 'bestellnummer', 'lieferung', 'lieferdatum', 'lieferant', 'lieferadresse'],
    ...['zahlungsbedingungen', 'rückgeld', 'ruckgeld', 'gegeben', 'kasse', 'geldautomat'],
  ],
  fra: [
    ...['le', 'la', 'les', 'des', 'du', 'et', 'pour', 'au', 'aux', 'sur', 'votre', 'vos', 'nous', 'merci'],
    ...['facture', 'montant', 'tva', 'ht', 'ttc', 'rue', 'prix', 'quantité', 'quantite', 'qté', 'qte'],
    ...['payer', 'échéance', 'echeance', 'désignation', 'designation', 'libellé', 'libelle'],
    ...['relevé', 'releve', 'solde', 'compte', 'virement', 'prélèvement', 'prelevement', 'opération'],
    ...['débit', 'crédit', 'frais', 'retrait', 'titulaire', 'période', 'commande', 'livraison', 'reçu'],
    ...['espèces', 'especes', 'règlement', 'reglement', 'fournisseur', 'unitaire', 'sous'],
  ],
  spa: [
    ...['el', 'los', 'las', 'del', 'y', 'para', 'por', 'con', 'al', 'su', 'gracias', 'sin'],
    ...['factura', 'importe', 'fecha', 'calle', 'precio', 'cantidad', 'cliente', 'pago', 'vencimiento'],
    ...['extracto', 'cuenta', 'titular', 'periodo', 'divisa', 'operación', 'operacion', 'descripción'],
    ...['descripcion', 'cargos', 'cargo', 'abonos', 'abono', 'reintegro', 'cajero', 'recibido'],
    ...['devolución', 'devolucion', 'comisión', 'comision', 'mantenimiento', 'movimientos', 'concepto'],
    ...['pedido', 'entrega', 'proveedor', 'unidades', 'uds', 'efectivo', 'tarjeta'],
    ...['imponible', 'simplificada', 'nif', 'cif', 'dirección', 'direccion', 'envío', 'envio'],
  ],
  ita: [
    ...['il', 'di', 'della', 'dello', 'delle', 'per', 'dal', 'nel', 'alla', 'grazie'],
    ...['fattura', 'importo', 'totale', 'prezzo', 'quantità', 'quantita', 'pagamento', 'scadenza'],
    ...['imponibile', 'estratto', 'conto', 'bonifico', 'addebito', 'accredito', 'commissione', 'ordine'],
    ...['consegna', 'descrizione', 'scontrino', 'fornitore', 'intestatario', 'periodo', 'riferimento'],
    ...['movimenti', 'contanti', 'articolo', 'codice', 'fiscale', 'commerciale'],
  ],
  // "de" is in none: Spanish, Portuguese and Dutch all use it, and it would tell them apart by chance.
  por: [
    ...['do', 'da', 'dos', 'das', 'ao', 'em', 'na', 'pela', 'pelo', 'sua', 'obrigado', 'obrigada'],
    ...['fatura', 'rua', 'preço', 'preco', 'quantidade', 'quant', 'vencimento', 'morada'],
    ...['contribuinte', 'nif', 'nipc', 'encomenda', 'extrato', 'descrição', 'descricao', 'não', 'nao'],
    ...['conta', 'titular', 'levantamento', 'transferência', 'transferencia', 'débito', 'crédito'],
    ...['comissão', 'comissao', 'recebido', 'meio', 'taxa', 'incidência', 'incidencia', 'talão', 'talao'],
    ...['fornecedor', 'entrega', 'descritivo', 'movimento', 'moeda', 'recibo', 'visita'],
  ],
  nld: [
    ...['het', 'een', 'van', 'en', 'voor', 'met', 'op', 'bij', 'naar', 'deze', 'graag', 'uw', 'binnen'],
    ...['factuur', 'bedrag', 'btw', 'totaal', 'prijs', 'aantal', 'aant', 'klant', 'betaling', 'straat'],
    ...['vervaldatum', 'omschrijving', 'bestelling', 'rekening', 'afschrift', 'rekeninghouder'],
    ...['bijschrijving', 'afschrijving', 'overboeking', 'levering', 'leverdatum', 'leverancier'],
    ...['koper', 'stukprijs', 'eenheid', 'inkooporder', 'bestelnummer', 'orderdatum', 'bedankt'],
    ...['betaalwijze', 'kassabon', 'pinnen', 'contant', 'subtotaal', 'werkdagen', 'bevestigen'],
  ],
};

/** Each word's language, for the words listed for one language only. */
const OWNER = new Map<string, OcrLanguage>();
{
  const seen = new Map<string, OcrLanguage | null>();
  for (const [lang, list] of Object.entries(WORDS) as [OcrLanguage, string[]][]) {
    for (const word of list) {
      const before = seen.get(word);
      seen.set(word, before === undefined || before === lang ? lang : null);
    }
  }
  for (const [word, lang] of seen) if (lang) OWNER.set(word, lang);
}

/** The page's language, or `eng` unless another one is clearly ahead. */
export function detectLanguage(words: string[]): OcrLanguage {
  const counts = new Map<OcrLanguage, number>();
  for (const w of words) {
    const lang = OWNER.get(w.toLowerCase().replace(/[^\p{L}]/gu, ''));
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const english = counts.get('eng') ?? 0;
  let best: OcrLanguage = 'eng';
  let bestScore = english;
  for (const [lang, score] of counts) {
    if (lang !== 'eng' && score > bestScore * 1.5 && score >= 3) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Languages whose pages the English model reads at least as well as their own: Dutch prints no
 * letter English lacks, and its model read codes and postcodes worse ("X-88371" as "Xx-88371",
 * "D02" as "DO2").
 */
const ENGLISH_SUFFICES = new Set<OcrLanguage>(['nld']);

/** The model to read a page with, from the words the English model read on it. */
export function modelFor(words: string[]): OcrLanguage {
  const language = detectLanguage(words);
  return ENGLISH_SUFFICES.has(language) ? 'eng' : language;
}
