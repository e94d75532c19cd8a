/** Invoice label wordings per language (see common.ts for the train / held-out split). */
import { w } from '../model';
import type { LabelSet } from './common';

export const INVOICE_LABELS: LabelSet<
  | 'title'
  | 'number'
  | 'issue'
  | 'due'
  | 'currency'
  | 'seller'
  | 'buyer'
  | 'shipTo'
  | 'vat'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'desc'
  | 'qty'
  | 'unit'
  | 'amount'
  | 'note'
> = {
  title: {
    en: w(['INVOICE', 'Invoice', 'Tax invoice'], ['Tax Invoice', 'Bill']),
    de: w(['RECHNUNG', 'Rechnung'], ['Rechnung', 'Ausgangsrechnung']),
    fr: w(['FACTURE', 'Facture'], ['Facture', 'FACTURE']),
    es: w(['FACTURA', 'Factura'], ['Factura', 'FACTURA']),
    it: w(['FATTURA', 'Fattura'], ['Fattura', 'Fattura immediata']),
    nl: w(['FACTUUR', 'Factuur'], ['Factuur', 'FACTUUR']),
    pt: w(['FATURA', 'Fatura'], ['Fatura-recibo', 'FATURA']),
  },
  number: {
    en: w(
      ['Invoice No.', 'Invoice #', 'Invoice number', 'Invoice Nr'],
      ['Inv. No.', 'Invoice ID', 'Bill number'],
    ),
    de: w(
      ['Rechnungsnummer', 'Rechnung Nr.', 'Re.-Nr.', 'Rechnungs-Nr.'],
      ['Beleg-Nr.', 'Rechnungsnr.', 'RG-Nr.'],
    ),
    fr: w(['Facture n°', 'N° de facture', 'Numéro de facture'], ['Réf. facture', 'Facture N°', 'N° facture']),
    es: w(
      ['Factura nº', 'Nº de factura', 'Número de factura'],
      ['Factura núm.', 'Nº factura', 'Serie/Número'],
    ),
    it: w(['Fattura n.', 'Numero fattura', 'N. fattura'], ['Fattura nr.', 'Documento n.', 'Num. documento']),
    nl: w(['Factuurnummer', 'Factuurnr.', 'Factuur nr.'], ['Nummer', 'Factuur-nr.', 'Ons kenmerk']),
    pt: w(
      ['Fatura n.º', 'N.º da fatura', 'Número da fatura'],
      ['Fatura nº', 'Documento n.º', 'Nº documento'],
    ),
  },
  issue: {
    en: w(
      ['Invoice date', 'Date', 'Date of issue', 'Issue date'],
      ['Billing date', 'Issued on', 'Date issued'],
    ),
    de: w(
      ['Rechnungsdatum', 'Datum', 'Belegdatum'],
      ['Ausstellungsdatum', 'Rechnungs-Datum', 'Datum der Rechnung'],
    ),
    fr: w(['Date de facturation', 'Date', 'Date de facture'], ["Date d'émission", 'Émise le', 'Fait le']),
    es: w(
      ['Fecha de emisión', 'Fecha', 'Fecha factura'],
      ['Fecha de expedición', 'Emitida el', 'F. emisión'],
    ),
    it: w(['Data fattura', 'Data', 'Data documento'], ['Data emissione', 'Del', 'Data doc.']),
    nl: w(['Factuurdatum', 'Datum'], ['Datum factuur', 'Uitgiftedatum']),
    pt: w(['Data de emissão', 'Data', 'Data da fatura'], ['Emitida em', 'Data do documento']),
  },
  due: {
    en: w(['Due date', 'Payment due', 'Due by'], ['Pay by', 'Date due', 'Payable by']),
    de: w(
      ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'],
      ['Zahlungsziel', 'Fällig bis', 'Zahlbar bis zum'],
    ),
    fr: w(['Échéance', "Date d'échéance", 'À payer avant le'], ['Date limite de paiement', 'Payable le']),
    es: w(['Vencimiento', 'Fecha de vencimiento'], ['Fecha límite de pago', 'Vence el']),
    it: w(['Scadenza', 'Data scadenza'], ['Scadenza pagamento', 'Da pagare entro']),
    nl: w(['Vervaldatum', 'Te betalen voor'], ['Uiterste betaaldatum', 'Betalen voor']),
    pt: w(['Data de vencimento', 'Vencimento'], ['Pagar até', 'Data limite']),
  },
  currency: {
    en: w(['Currency'], ['Currency code']),
    de: w(['Währung'], ['Währung', 'Whg.']),
    fr: w(['Devise'], ['Monnaie']),
    es: w(['Moneda'], ['Divisa']),
    it: w(['Valuta'], ['Divisa']),
    nl: w(['Valuta'], ['Munteenheid']),
    pt: w(['Moeda'], ['Divisa']),
  },
  seller: {
    en: w(['From', 'Seller', 'Vendor', 'Supplier'], ['Issued by', 'Billed by', 'Sold by']),
    de: w(['Von', 'Verkäufer', 'Lieferant', 'Rechnungssteller'], ['Absender', 'Leistungserbringer']),
    fr: w(['Émetteur', 'Vendeur', 'Fournisseur'], ['De', 'Prestataire']),
    es: w(['Emisor', 'Vendedor', 'Proveedor'], ['De', 'Datos del emisor']),
    it: w(['Cedente', 'Fornitore', 'Venditore'], ['Da', 'Cedente/prestatore']),
    nl: w(['Van', 'Leverancier', 'Verkoper'], ['Afzender', 'Gefactureerd door']),
    pt: w(['Emitente', 'Fornecedor', 'Vendedor'], ['De', 'Prestador']),
  },
  buyer: {
    en: w(['Bill to', 'Billed to', 'Customer', 'Sold to'], ['Invoice to', 'Client', 'Buyer']),
    de: w(['Rechnungsempfänger', 'Kunde', 'An'], ['Rechnung an', 'Leistungsempfänger', 'Käufer']),
    fr: w(['Client', 'Facturé à', 'Destinataire'], ['Adressé à', 'Acheteur']),
    es: w(['Cliente', 'Facturar a', 'Destinatario'], ['Datos del cliente', 'Comprador']),
    it: w(['Cliente', 'Destinatario', 'Spett.le'], ['Cessionario', 'Intestatario']),
    nl: w(['Klant', 'Factuuradres', 'Aan'], ['Debiteur', 'Gefactureerd aan']),
    pt: w(['Cliente', 'Faturar a', 'Destinatário'], ['Exmo.(s) Sr.(s)', 'Adquirente']),
  },
  shipTo: {
    en: w(['Ship to', 'Deliver to'], ['Delivery address']),
    de: w(['Lieferadresse', 'Lieferanschrift'], ['Versand an']),
    fr: w(['Livrer à', 'Adresse de livraison'], ['Expédié à']),
    es: w(['Enviar a', 'Dirección de entrega'], ['Lugar de entrega']),
    it: w(['Destinazione merce', 'Luogo di consegna'], ['Spedire a']),
    nl: w(['Afleveradres', 'Leveradres'], ['Bezorgen aan']),
    pt: w(['Local de entrega', 'Morada de entrega'], ['Enviar para']),
  },
  vat: {
    en: w(['VAT ID', 'VAT No.', 'Tax ID'], ['VAT number', 'VAT Reg No']),
    de: w(['USt-IdNr.', 'USt-ID', 'UID-Nr.'], ['Umsatzsteuer-ID', 'USt.-Id.']),
    fr: w(['N° TVA', 'TVA intracom.', 'N° TVA intracommunautaire'], ['Numéro de TVA', 'Id. TVA']),
    es: w(['NIF', 'CIF', 'NIF-IVA'], ['N.I.F.', 'Nº IVA']),
    it: w(['P. IVA', 'Partita IVA', 'P.IVA'], ['Part. IVA', 'C.F./P.IVA']),
    nl: w(['BTW-nr.', 'BTW-nummer', 'Btw-id'], ['BTW nr', 'Btw-identificatienummer']),
    pt: w(['NIF', 'Contribuinte N.º', 'NIPC'], ['N.º contribuinte', 'NIF/NIPC']),
  },
  subtotal: {
    en: w(['Subtotal', 'Net amount', 'Sub-total'], ['Net total', 'Total excl. VAT']),
    de: w(['Nettobetrag', 'Zwischensumme', 'Summe netto'], ['Gesamt netto', 'Warenwert netto']),
    fr: w(['Total HT', 'Montant HT', 'Sous-total'], ['Total hors taxes', 'Net HT']),
    es: w(['Base imponible', 'Subtotal', 'Importe neto'], ['Total sin IVA', 'Base']),
    it: w(['Imponibile', 'Totale imponibile', 'Subtotale'], ['Totale netto', 'Tot. imponibile']),
    nl: w(['Subtotaal', 'Totaal excl. BTW', 'Netto'], ['Bedrag excl. btw', 'Totaal exclusief BTW']),
    pt: w(['Total s/ IVA', 'Subtotal', 'Total ilíquido'], ['Base tributável', 'Valor s/ IVA']),
  },
  tax: {
    en: w(['VAT', 'Tax', 'Sales tax'], ['VAT amount', 'Tax amount', 'GST']),
    de: w(['MwSt.', 'USt.', 'zzgl. MwSt.'], ['Umsatzsteuer', 'zzgl. USt.']),
    fr: w(['TVA', 'Montant TVA'], ['Total TVA', 'TVA collectée']),
    es: w(['IVA', 'Cuota IVA'], ['Importe IVA', 'Total IVA']),
    it: w(['IVA', 'Imposta'], ['Totale IVA', 'Importo IVA']),
    nl: w(['BTW', 'Btw'], ['BTW-bedrag', 'Btw bedrag']),
    pt: w(['IVA', 'Total IVA'], ['Valor IVA', 'Imposto']),
  },
  total: {
    en: w(
      ['Total', 'Total due', 'Amount due', 'Grand total'],
      ['Balance due', 'Invoice total', 'Total amount due'],
    ),
    de: w(
      ['Rechnungsbetrag', 'Gesamtbetrag', 'Summe', 'Gesamtsumme'],
      ['Zu zahlen', 'Endbetrag', 'Bruttobetrag'],
    ),
    fr: w(['Total TTC', 'Montant TTC', 'Net à payer'], ['Total à payer', 'Montant dû']),
    es: w(['Total factura', 'Total', 'Importe total'], ['Total a pagar', 'TOTAL (EUR)']),
    it: w(['Totale documento', 'Totale fattura', 'Totale'], ['Netto a pagare', 'Totale da pagare']),
    nl: w(['Totaal', 'Totaal incl. BTW', 'Te betalen'], ['Totaalbedrag', 'Factuurbedrag']),
    pt: w(['Total', 'Total a pagar', 'Total c/ IVA'], ['Valor total', 'Total do documento']),
  },
  desc: {
    en: w(['Description', 'Item', 'Service'], ['Item description', 'Product', 'Details']),
    de: w(
      ['Bezeichnung', 'Beschreibung', 'Artikel', 'Leistung'],
      ['Artikelbezeichnung', 'Leistungsbeschreibung'],
    ),
    fr: w(['Désignation', 'Description', 'Libellé'], ['Article', 'Prestation']),
    es: w(['Concepto', 'Descripción', 'Artículo'], ['Detalle', 'Producto']),
    it: w(['Descrizione', 'Articolo', 'Descrizione beni/servizi'], ['Prodotto', 'Dettaglio']),
    nl: w(['Omschrijving', 'Artikel', 'Beschrijving'], ['Product', 'Dienst']),
    pt: w(['Descrição', 'Artigo', 'Designação'], ['Produto', 'Serviço']),
  },
  qty: {
    en: w(['Qty', 'Quantity', 'Hours'], ['Units', 'Qty.']),
    de: w(['Menge', 'Anzahl', 'Stunden'], ['Anz.', 'Mge.']),
    fr: w(['Qté', 'Quantité'], ['Qté.', 'Nb']),
    es: w(['Cantidad', 'Cant.', 'Uds.'], ['Unidades', 'Horas']),
    it: w(['Quantità', 'Q.tà', 'Qtà'], ['Quant.', 'Ore']),
    nl: w(['Aantal', 'Aant.'], ['Hoeveelheid', 'Uren']),
    pt: w(['Qtd.', 'Quantidade'], ['Qtde', 'Quant.']),
  },
  unit: {
    en: w(['Unit price', 'Price', 'Rate'], ['Unit cost', 'Price per unit']),
    de: w(['Einzelpreis', 'Preis', 'E-Preis'], ['Stückpreis', 'Preis/Einheit']),
    fr: w(['Prix unitaire', 'P.U. HT', 'Prix unit.'], ['PU', 'Tarif']),
    es: w(['Precio unitario', 'Precio', 'P. unit.'], ['Precio/ud.', 'Tarifa']),
    it: w(['Prezzo unitario', 'Prezzo', 'Pr. unit.'], ['Prezzo un.', 'Costo unitario']),
    nl: w(['Prijs', 'Stukprijs', 'Prijs per stuk'], ['Eenheidsprijs', 'Tarief']),
    pt: w(['Preço unitário', 'Preço', 'P. unit.'], ['Preço un.', 'Valor unit.']),
  },
  amount: {
    en: w(['Amount', 'Total', 'Line total'], ['Amount', 'Line total', 'Net']),
    de: w(['Gesamtpreis', 'Betrag', 'Gesamt'], ['Summe', 'Netto']),
    fr: w(['Montant', 'Montant HT', 'Total HT'], ['Total', 'Prix total']),
    es: w(['Importe', 'Total', 'Subtotal'], ['Importe neto', 'Total línea']),
    it: w(['Importo', 'Totale', 'Prezzo totale'], ['Imponibile', 'Valore']),
    nl: w(['Bedrag', 'Totaal'], ['Regeltotaal', 'Netto']),
    pt: w(['Valor', 'Total', 'Montante'], ['Total linha', 'Valor líquido']),
  },
  note: {
    en: w([
      'Payment within 30 days. Thank you for your business.',
      'Please quote the invoice number with your payment.',
    ]),
    de: w(['Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Vielen Dank für Ihren Auftrag.']),
    fr: w(['Paiement à 30 jours. Pas d’escompte pour paiement anticipé.', 'Merci de votre confiance.']),
    es: w(['Forma de pago: transferencia bancaria.', 'Gracias por su confianza.']),
    it: w(['Pagamento: bonifico bancario a 30 gg d.f.', 'Grazie per averci scelto.']),
    nl: w(['Gelieve binnen 30 dagen te betalen.', 'Bedankt voor uw opdracht.']),
    pt: w(['Pagamento por transferência bancária.', 'Obrigado pela sua preferência.']),
  },
};
