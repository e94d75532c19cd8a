/**
 * Labels of amounts and table columns in the languages the engine reads (en, de, fr, es, it, nl, pt),
 * shared by the seeded structures. A label matches the start of a span, accents and case folded,
 * with an optional "No."/"#" tail and a separator (see `labelRegExp`); the longest label wins.
 */

export const SUBTOTAL = [
  ...['Gesamtbetrag netto', 'Rechnungsbetrag netto', 'Betrag netto', 'Netto gesamt', 'Total net HT'],
  ...['Total s/ IVA', 'Total sem IVA'],
  ...['Subtotal', 'Sub-total', 'Sub total', 'Net amount', 'Net total', 'Total net', 'Total before tax'],
  ...['Total excl. VAT', 'Total excl. tax', 'Amount before tax', 'Amount excl. VAT', 'Excl. VAT'],
  ...['Excl. btw', 'Exkl. MwSt.', 'Hors TVA', 'Sin IVA', 'Senza IVA', 'Sem IVA'],
  ...['Nettobetrag', 'Zwischensumme', 'Summe netto', 'Nettosumme', 'Gesamt netto', 'Netto', 'Warenwert'],
  ...['Total HT', 'Montant HT', 'Sous-total', 'Total hors taxes', 'Montant hors taxes'],
  ...['Base', 'Suma', 'Importe neto'],
  ...['Base imponible', 'Importe neto', 'Subtotal sin IVA', 'Total sin IVA', 'Total bruto'],
  ...['Imponibile', 'Totale imponibile', 'Subtotale', 'Totale netto'],
  ...['Subtotaal', 'Totaal excl. btw', 'Netto bedrag', 'Totaal exclusief btw'],
  ...['Total sem IVA', 'Valor líquido', 'Base tributável', 'Total ilíquido'],
];

export const TAX = [
  ...['Tax', 'VAT', 'Sales tax', 'GST', 'HST', 'Tax amount', 'VAT amount', 'Total tax', 'Total VAT'],
  ...['MwSt', 'MwSt.', 'USt', 'USt.', 'Umsatzsteuer', 'Mehrwertsteuer', 'zzgl. MwSt.', 'zzgl. USt.', 'MWST'],
  ...['TVA', 'Montant TVA', 'Total TVA', 'Montant de la TVA'],
  ...['IVA', 'Importe IVA', 'Cuota IVA', 'Total IVA', 'Totale IVA', 'Imposta', 'Valor IVA', 'Imposto'],
  ...['I.V.A.', 'Impuestos', 'Total impuestos', 'Cuota de IVA', 'Importe del IVA', 'IGIC'],
  ...['BTW', 'Totaal btw', 'Btw-bedrag'],
];

export const TOTAL = [
  ...['Gesamtbetrag brutto', 'Rechnungsbetrag brutto', 'Betrag brutto', 'Brutto gesamt'],
  ...['Total c/ IVA', 'Total com IVA'],
  ...['Total', 'Total due', 'Amount due', 'Grand total', 'Balance due', 'Invoice total', 'Total amount'],
  ...[
    'Total amount due',
    'Total incl. VAT',
    'Total incl. tax',
    'Amount payable',
    'Total payable',
    'Total to pay',
  ],
  ...['Rechnungsbetrag', 'Gesamtbetrag', 'Endbetrag', 'Summe', 'Gesamtsumme', 'Zu zahlen', 'Zahlbetrag'],
  ...['Endsumme', 'Zu zahlender Betrag', 'Zahlungsbetrag', 'Net payable', 'Please pay', 'Total net payable'],
  ...['Bruttobetrag', 'Gesamt brutto', 'Gesamt', 'Summe brutto', 'Rechnungssumme'],
  ...['Total TTC', 'Montant TTC', 'Net à payer', 'Montant total', 'Total à payer', 'Montant à payer'],
  ...['Importe total', 'Total factura', 'Total a pagar', 'Importe a pagar', 'Total con IVA'],
  ...['Total IVA incluido', 'Líquido a pagar', 'Total general'],
  ...[
    'Totale',
    'Totale fattura',
    'Totale documento',
    'Importo totale',
    'Totale da pagare',
    'Totale complessivo',
  ],
  ...['Totaal', 'Totaal incl. btw', 'Te betalen', 'Totaalbedrag', 'Totaal te betalen'],
  ...['Valor total', 'Total da fatura', 'Total a pagar', 'Valor a pagar'],
];

export const CURRENCY = [
  ...['Devise du compte', 'Divisa', 'Munteenheid'],
  'Currency',
  'Currency code',
  'Währung',
  'Devise',
  'Moneda',
  'Valuta',
  'Munt',
  'Moeda',
];

export const DESCRIPTION = [
  ...['Descrizione beni/servizi', 'Beschrijving', 'Designação'],
  ...['Description', 'Item', 'Items', 'Item description', 'Product', 'Service', 'Details', 'Article'],
  ...['Bezeichnung', 'Beschreibung', 'Leistung', 'Artikel', 'Artikelbezeichnung', 'Leistungsbeschreibung'],
  ...['Désignation', 'Libellé', 'Prestation', 'Produit'],
  ...['Descripción', 'Concepto', 'Artículo', 'Producto'],
  ...['Descrizione', 'Articolo', 'Prodotto'],
  ...['Omschrijving', 'Product', 'Artikel'],
  ...['Descrição', 'Artigo', 'Produto', 'Serviço'],
];

export const QUANTITY = [
  ...['Stunden', 'Aant.', 'Quant.'],
  ...['Qty', 'Quantity', 'Qty.', 'Units', 'Hours', 'Hrs', 'Menge', 'Anzahl', 'Anz.', 'Stk.', 'Stück'],
  ...[
    'Qté',
    'Quantité',
    'Cantidad',
    'Cant.',
    'Uds.',
    'Unidades',
    'Unid.',
    'Quantità',
    'Qtà',
    'Q.tà',
    'Aantal',
    'Quantidade',
    'Qtd.',
  ],
];

export const UNIT_PRICE = [
  ...['P.U. HT', 'Prix unit.', 'P. unit.', 'Pr. unit.', 'Stukprijs', 'Prijs per stuk', 'EP'],
  ...['Unit price', 'Price', 'Rate', 'Unit cost', 'Price per unit', 'Unit', 'Each'],
  ...['Einzelpreis', 'E-Preis', 'Preis', 'Stückpreis', 'Preis/Einheit'],
  ...['Prix unitaire', 'P.U.', 'Prix U.', 'PU HT', 'Prix'],
  ...['Precio ud.', 'Precio/ud.', 'Precio unidad', 'P. unitario', 'Prezzo unit.'],
  ...['Precio unitario', 'Precio', 'Prezzo unitario', 'Prezzo', 'Stuksprijs', 'Prijs', 'Eenheidsprijs'],
  ...['Preço unitário', 'Preço unit.', 'Preço'],
];

export const AMOUNT = [
  ...['Prezzo totale'],
  ...['Amount', 'Total', 'Line total', 'Net', 'Sum', 'Betrag', 'Gesamt', 'Gesamtpreis', 'Summe'],
  ...['Montant', 'Montant HT', 'Total HT', 'Importe', 'Importo', 'Totale', 'Bedrag', 'Totaal'],
  ...['Valor', 'Montante'],
];

/**
 * A table running over pages: under a page's rows its running total is carried forward; over the
 * next page's rows it is brought forward. Neither line is a row (see `pageEndLabels`).
 */
export const CARRIED_FORWARD = [
  ...['Carried forward', 'Balance carried forward', 'Brought forward', 'Balance brought forward'],
  ...['Übertrag', 'Saldoübertrag', 'À reporter', 'A reporter', 'Report', 'Solde reporté'],
  ...['Suma y sigue', 'Suma anterior', 'Saldo a riportare', 'A riportare', 'Riporto'],
  ...['Transport', 'A transportar', 'Transporte', 'Saldo a transportar'],
];

/** Words that end a line-item table: the totals block under it. */
export const TABLE_ENDS = [
  ...SUBTOTAL,
  ...TAX.filter((l) => l.length > 3),
  ...['Tax', 'VAT', 'IVA', 'TVA', 'BTW', 'MwSt', 'USt'],
  ...TOTAL,
];

export const VAT_ID = [
  ...['TVA intracom.', 'N° TVA intracommunautaire', 'NIF-IVA', 'Contribuinte N.º'],
  ...['VAT ID', 'VAT No.', 'VAT number', 'VAT reg. no.', 'VAT Reg No', 'VAT registration number'],
  ...['Tax ID', 'Tax number', 'TIN', 'EIN', 'GST No.', 'ABN', 'Org.nr.', 'Org. no.', 'MVA'],
  ...['USt-IdNr.', 'USt-ID', 'USt.-IdNr.', 'UID', 'UID-Nr.', 'Steuernummer', 'St.-Nr.', 'MwSt-Nr.'],
  ...['N° TVA', 'TVA intracommunautaire', 'N° de TVA', 'Numéro de TVA', 'TVA', 'SIRET'],
  ...['NIF', 'CIF', 'N.I.F.', 'C.I.F.', 'NIF/CIF'],
  ...['P.IVA', 'P. IVA', 'Partita IVA', 'P.I.', 'C.F. e P.IVA'],
  ...['BTW-nummer', 'BTW nr.', 'BTW-nr.', 'Btw-id', 'BTW-id'],
  ...['NIPC', 'Contribuinte', 'N.º contribuinte'],
  // The tax's own name, where a tax id follows it ("VAT: GB 356 7812 44", "BTW NL858812345B01");
  // the `tax-id` check keeps its rates and amounts out.
  ...['VAT', 'BTW', 'IVA', 'MwSt.', 'USt.'],
];
