/**
 * Labels of the fields that are not amounts (document numbers, dates, parties, payment method) in
 * the languages the engine reads (en, de, fr, es, it, nl, pt), shared by the seeded structures.
 */

/** A boxed header's caption over a document's number; never the row number's "No." of a table. */
export const NUMBER_CAPTIONS = ['Number', 'Nummer', 'Numéro', 'Número', 'Numero'];

export const INVOICE_NUMBER = [
  // The title with the number after it ("Fatura FT 2026/314", "Invoice 2026-118").
  ...['Invoice', 'Rechnung', 'Facture', 'Factura', 'Fattura', 'Factuur', 'Fatura'],
  ...['Fatura n.º', 'N.º da fatura'],
  ...['Invoice number', 'Invoice No.', 'Invoice #', 'Invoice Nr', 'Inv. number', 'Inv. No.', 'Inv #'],
  ...['Invoice ID', 'Invoice reference', 'Bill number', 'Document number', 'Tax invoice No.'],
  ...['Our invoice', 'Our invoice no.', 'Bill No.'],
  ...['Rechnungsnummer', 'Rechnung Nr.', 'Rechnungs-Nr.', 'Rechnungsnr.', 'Re.-Nr.', 'Belegnummer'],
  ...['Facture N°', 'N° de facture', 'Numéro de facture', 'Facture numéro', 'N° facture'],
  ...['Factura N°', 'Nº de factura', 'Número de factura', 'Factura número', 'Núm. factura'],
  // Spanish shortens factura to "Fra."; Iberian invoices number within a series ("Serie y número").
  ...['Fra. nº', 'Nº Fra.', 'Nº de Fra.', 'Serie y número', 'Serie/Número', 'Série/Número'],
  ...['Documento n.º', 'N.º documento', 'N.º de documento', 'Número de documento', 'Número do documento'],
  ...['Doc. n.º', 'N.º doc.'],
  ...['Fattura N°', 'Numero fattura', 'N. fattura', 'Fattura numero', 'Numero documento'],
  ...['Factuurnummer', 'Factuur nr.', 'Factuurnr.'],
  ...['Fatura N°', 'Número da fatura', 'Número de fatura', 'N.º de fatura', 'Fatura número', 'N.º fatura'],
];

const DATE = ['Date', 'Datum', 'Fecha', 'Data'];

export const ISSUE_DATE = [
  ...['Data documento'],
  ...['Invoice date', 'Date of issue', 'Issue date', 'Issued on', 'Issued', 'Date issued', 'Billing date'],
  ...['Invoice Dt', 'Tax point', 'Rechnungsdatum', 'Ausstellungsdatum', 'Belegdatum'],
  ...['Date de facture', 'Date de facturation', "Date d'émission", 'Date facture', 'Émise le', 'Émis le'],
  ...[
    'Fecha de factura',
    'Fecha de emisión',
    'Fecha de expedición',
    'Fecha expedición',
    'Fecha emisión',
    'Fecha de facturación',
    'Fecha factura',
    'Data fattura',
    'Data di emissione',
    'Data emissione',
  ],
  ...['Factuurdatum', 'Datum factuur', 'Data da fatura', 'Data de emissão', 'Data fatura'],
  ...DATE,
];

export const DUE_DATE = [
  ...['Due date', 'Payment due', 'Due by', 'Due on', 'Pay by', 'Payable by', 'Date due', 'Payment due date'],
  ...['Please pay by', 'Please settle by', 'Settle by', 'Payment by', 'Due'],
  ...['Fällig am', 'Fälligkeitsdatum', 'Fällig', 'Zahlbar bis', 'Zahlungsziel', 'Fälligkeit'],
  ...["Date d'échéance", 'Échéance', 'À payer avant le', 'Payable avant le', 'À régler avant le'],
  ...['Fecha de vencimiento', 'Vencimiento', 'Fecha vencimiento', 'Pagar antes de'],
  ...['Fecha vto.', 'Fecha de vto.', 'F. vto.', 'Vto.', 'Vence el', 'Fecha límite de pago'],
  ...['Scadenza', 'Data di scadenza', 'Data scadenza', 'Scadenza pagamento'],
  ...['Vervaldatum', 'Te betalen vóór', 'Uiterste betaaldatum', 'Betalen voor'],
  ...['Data de vencimento', 'Vencimento', 'Pagar até'],
];

export const SELLER = [
  ...['Von', 'Van'],
  ...['From', 'Seller', 'Vendor', 'Supplier', 'Sold by', 'Issued by', 'Bill from', 'Billed by', 'Payee'],
  ...['Verkäufer', 'Lieferant', 'Rechnungssteller', 'Fournisseur', 'Vendeur', 'Émetteur'],
  ...['Proveedor', 'Emisor', 'Vendedor', 'Datos del emisor', 'Emitido por'],
  ...['Fornitore', 'Venditore', 'Cedente', 'Cedente/prestatore', 'Mittente', 'Leverancier', 'Verkoper'],
  ...['Fornecedor', 'Emitente'],
];

export const BUYER = [
  ...['An', 'Aan'],
  ...['Bill to', 'Billed to', 'Sold to', 'Invoice to', 'Invoiced to', 'Prepared for', 'Customer', 'Client'],
  ...['Buyer', 'To', 'Bill-to', 'Invoice address', 'Billing address'],
  ...['Rechnungsempfänger', 'Rechnungsadresse', 'Kunde', 'Empfänger', 'Rechnung an', 'Auftraggeber'],
  ...['Facturé à', 'Destinataire', 'Adresse de facturation', 'Facturer à'],
  ...['Facturar a', 'Cliente', 'Facturado a', 'Destinatario', 'Datos del cliente', 'Receptor', 'Comprador'],
  ...['Intestatario', 'Spett.le', 'Fatturare a', 'Committente', 'Cessionario', 'Cessionario/committente'],
  ...['Klant', 'Factuuradres', 'Gefactureerd aan', 'Factuur aan'],
  ...['Faturar a', 'Faturado a', 'Adquirente'],
];

export const RECEIPT_NUMBER = [
  ...['Transaction', 'Nº factura', 'N. doc.', 'Transactie', 'Talão n.º', 'Fatura n.º', 'N.º doc.'],
  ...['Receipt No.', 'Receipt #', 'Receipt number', 'Transaction No.', 'Transaction #', 'Trans. #'],
  ...['Ticket No.', 'Order #', 'Check #', 'Bon Nr.', 'Bon-Nr.', 'Beleg-Nr.', 'Belegnummer', 'Beleg Nr.'],
  ...['Rechnungsnr.', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Bonnummer', 'Kassenbon Nr.'],
  ...[
    'Ticket N°',
    'N° ticket',
    'Reçu N°',
    'N° de transaction',
    'Ticket nº',
    'Nº ticket',
    'Factura simplificada N°',
  ],
  ...['Scontrino N°', 'Documento N°', 'Doc. N°', 'Bonnummer', 'Kassabon N°', 'Talão N°'],
  // The title or a bare number word with the number after it ("Bon 4711", "Receipt 0042", "#4711").
  ...['Bon', 'Beleg', 'Kassenbon', 'Quittung', 'Receipt', 'Ticket', 'Tkt', 'Trans', 'Trx', 'Ref.'],
  ...['Reçu', 'Facture', 'Invoice', 'Recibo', 'Factura simplificada', 'Scontrino', 'Talão', 'Kassabon'],
  ...['Nr.', 'No.', 'N.', 'Nº', 'N°', '#'],
];

export const RECEIPT_DATE = [
  ...['Kaufdatum', "Date d'achat", 'Fecha de compra', 'Data acquisto', 'Aankoopdatum', 'Data da compra'],
  ...['Date', 'Date of purchase', 'Purchase date', 'Transaction date', 'Sale date', 'Date/Time'],
  ...['Datum', 'Datum/Zeit', 'Date/Heure', 'Fecha', 'Fecha/Hora', 'Data', 'Data/Ora'],
];

export const PAYMENT_METHOD = [
  ...['Geg.', 'Gegeben'],
  ...['Pagado con', 'Pagato con', 'Betaling', 'Pago com'],
  ...['Payment method', 'Payment', 'Paid by', 'Paid with', 'Tender', 'Payment type'],
  ...['Zahlungsart', 'Bezahlt mit', 'Zahlung', 'Gegeben', 'Mode de paiement', 'Paiement', 'Réglé par'],
  ...[
    'Forma de pago',
    'Pago',
    'Pagamento',
    'Metodo di pagamento',
    'Betaalwijze',
    'Betaald met',
    'Meio de pagamento',
  ],
];

export const PAYMENT_WORDS: Record<string, string[]> = {
  cash: [
    'cash',
    'bar',
    'bargeld',
    'espèces',
    'especes',
    'efectivo',
    'contado',
    'al contado',
    'contanti',
    'contante',
    'contant',
    'numerário',
    'dinheiro',
    'barzahlung',
  ],
  card: [
    ...['card', 'credit card', 'debit card', 'visa', 'mastercard', 'amex', 'american express', 'maestro'],
    ...[
      'ec',
      'girocard',
      'contactless',
      'karte',
      'ec-karte',
      'kartenzahlung',
      'carte',
      'carte bancaire',
      'cb',
      'CB',
      'ec-cash',
      'ec cash',
      'electronic cash',
    ],
    ...['tarjeta', 'carta', 'bancomat', 'pin', 'PIN', 'pinnen', 'pinbetaling', 'cartão', 'multibanco'],
    ...[
      'pinpas',
      'bankpas',
      'betaalpas',
      'bankkaart',
      'bancontact',
      'v pay',
      'carta di credito',
      'pagobancomat',
    ],
    ...['tarjeta de crédito', 'tarjeta de débito', 'cartão de crédito', 'cartão de débito', 'carte bleue'],
  ],
  mobile: [
    ...['apple pay', 'google pay', 'samsung pay', 'mobile', 'paypal', 'twint', 'tikkie', 'payconiq'],
    ...['satispay', 'bizum', 'mb way', 'lydia', 'swish', 'vipps', 'mobilepay', 'venmo', 'alipay'],
    ...['paylib', 'wero'],
  ],
  voucher: ['voucher', 'gift card', 'coupon', 'gutschein', 'bon d’achat'],
  other: ['other'],
};
