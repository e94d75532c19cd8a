/** Purchase-order label wordings per language (see common.ts for the train / held-out split). */
import type { Language } from '../locales';
import { w } from '../model';
import type { LabelSet } from './common';

export const PO_LABELS: LabelSet<
  | 'title'
  | 'number'
  | 'date'
  | 'delivery'
  | 'currency'
  | 'buyer'
  | 'supplier'
  | 'shipTo'
  | 'terms'
  | 'subtotal'
  | 'tax'
  | 'total'
  | 'sku'
  | 'desc'
  | 'qty'
  | 'unit'
  | 'amount'
  | 'note'
> = {
  title: {
    en: w(['PURCHASE ORDER', 'Purchase Order', 'Purchase order'], ['Order', 'PURCHASE ORDER']),
    de: w(['BESTELLUNG', 'Bestellung'], ['Auftrag', 'Einkaufsbestellung']),
    fr: w(['BON DE COMMANDE', 'Bon de commande'], ['Commande', "Ordre d'achat"]),
    es: w(['PEDIDO', 'Orden de compra'], ['Pedido de compra', 'Hoja de pedido']),
    it: w(['ORDINE DI ACQUISTO', 'Ordine'], ["Ordine d'acquisto", 'Ordine fornitore']),
    nl: w(['INKOOPORDER', 'Bestelling'], ['Bestelbon', 'Inkooporder']),
    pt: w(['NOTA DE ENCOMENDA', 'Encomenda'], ['Pedido de compra', 'Ordem de compra']),
  },
  number: {
    en: w(
      ['PO number', 'PO No.', 'Purchase order No.', 'P.O. #'],
      ['Order number', 'Purchase order #', 'PO #'],
    ),
    de: w(['Bestellnummer', 'Bestell-Nr.', 'Bestellung Nr.'], ['Auftragsnummer', 'Best.-Nr.']),
    fr: w(['N° de commande', 'Commande n°', 'Bon de commande n°'], ['Réf. commande', 'N° BC']),
    es: w(['Nº de pedido', 'Pedido nº', 'Número de pedido'], ['Orden nº', 'Ref. pedido']),
    it: w(['Ordine n.', 'Numero ordine', 'N. ordine'], ['Rif. ordine', 'Ordine nr.']),
    nl: w(['Ordernummer', 'Bestelnummer', 'Inkoopordernr.'], ['Ordernr.', 'Bestelnr.']),
    pt: w(['Encomenda n.º', 'N.º de encomenda', 'Nota de encomenda n.º'], ['Pedido n.º', 'Ref. encomenda']),
  },
  date: {
    en: w(['Order date', 'PO date', 'Date'], ['Date of order', 'Issue date']),
    de: w(['Bestelldatum', 'Datum'], ['Auftragsdatum', 'Bestellt am']),
    fr: w(['Date de commande', 'Date'], ['Commandé le', "Date d'émission"]),
    es: w(['Fecha de pedido', 'Fecha'], ['Fecha del pedido', 'Emitido el']),
    it: w(['Data ordine', 'Data'], ["Data dell'ordine", 'Del']),
    nl: w(['Orderdatum', 'Datum'], ['Besteldatum', 'Datum order']),
    pt: w(['Data da encomenda', 'Data'], ['Data do pedido', 'Emitida em']),
  },
  delivery: {
    en: w(
      ['Delivery date', 'Required by', 'Deliver by'],
      ['Requested delivery', 'Need by', 'Expected delivery'],
    ),
    de: w(['Liefertermin', 'Lieferdatum', 'Liefern bis'], ['Gewünschter Liefertermin', 'Anlieferung am']),
    fr: w(['Date de livraison', 'Livraison souhaitée'], ['Livrer avant le', 'Délai de livraison']),
    es: w(['Fecha de entrega', 'Entrega'], ['Plazo de entrega', 'Entregar antes de']),
    it: w(['Data consegna', 'Consegna entro'], ['Data di consegna richiesta', 'Consegna prevista']),
    nl: w(['Leverdatum', 'Leveren voor'], ['Gewenste leverdatum', 'Afleverdatum']),
    pt: w(['Data de entrega', 'Entrega até'], ['Prazo de entrega', 'Entregar em']),
  },
  currency: {
    en: w(['Currency'], ['Currency']),
    de: w(['Währung'], ['Währung']),
    fr: w(['Devise'], ['Monnaie']),
    es: w(['Moneda'], ['Divisa']),
    it: w(['Valuta'], ['Divisa']),
    nl: w(['Valuta'], ['Munteenheid']),
    pt: w(['Moeda'], ['Divisa']),
  },
  buyer: {
    en: w(['Buyer', 'Ordered by', 'Purchaser'], ['Bill to', 'Customer']),
    de: w(['Besteller', 'Auftraggeber', 'Käufer'], ['Rechnungsadresse', 'Bestellt von']),
    fr: w(['Acheteur', 'Client', 'Commandé par'], ['Facturer à', 'Donneur d’ordre']),
    es: w(['Comprador', 'Cliente', 'Solicitado por'], ['Facturar a', 'Empresa']),
    it: w(['Committente', 'Acquirente', 'Cliente'], ['Fatturare a', 'Ordinante']),
    nl: w(['Koper', 'Besteller', 'Opdrachtgever'], ['Factuuradres', 'Klant']),
    pt: w(['Comprador', 'Cliente', 'Requisitante'], ['Faturar a', 'Adquirente']),
  },
  supplier: {
    en: w(['Supplier', 'Vendor'], ['Seller', 'Order to']),
    de: w(['Lieferant', 'Auftragnehmer'], ['Verkäufer', 'An']),
    fr: w(['Fournisseur', 'Vendeur'], ['À l’attention de', 'Prestataire']),
    es: w(['Proveedor', 'Vendedor'], ['Para', 'Suministrador']),
    it: w(['Fornitore', 'Venditore'], ['Spett.le', 'Destinatario ordine']),
    nl: w(['Leverancier', 'Verkoper'], ['Aan', 'Crediteur']),
    pt: w(['Fornecedor', 'Vendedor'], ['Para', 'Exmo.(s) Sr.(s)']),
  },
  shipTo: {
    en: w(['Ship to', 'Deliver to'], ['Delivery address']),
    de: w(['Lieferadresse', 'Lieferanschrift'], ['Versand an']),
    fr: w(['Livrer à', 'Adresse de livraison'], ['Expédier à']),
    es: w(['Enviar a', 'Dirección de entrega'], ['Lugar de entrega']),
    it: w(['Destinazione merce', 'Luogo di consegna'], ['Spedire a']),
    nl: w(['Afleveradres', 'Leveradres'], ['Bezorgen aan']),
    pt: w(['Local de entrega', 'Morada de entrega'], ['Enviar para']),
  },
  terms: {
    en: w(['Payment terms', 'Terms'], ['Terms of payment']),
    de: w(['Zahlungsbedingungen', 'Zahlungsziel'], ['Konditionen']),
    fr: w(['Conditions de paiement', 'Règlement'], ['Modalités de paiement']),
    es: w(['Condiciones de pago', 'Forma de pago'], ['Plazo de pago']),
    it: w(['Condizioni di pagamento', 'Pagamento'], ['Modalità di pagamento']),
    nl: w(['Betalingsvoorwaarden', 'Betaaltermijn'], ['Betalingscondities']),
    pt: w(['Condições de pagamento', 'Pagamento'], ['Prazo de pagamento']),
  },
  subtotal: {
    en: w(['Subtotal', 'Net amount'], ['Net total', 'Total net']),
    de: w(['Nettobetrag', 'Zwischensumme'], ['Summe netto', 'Warenwert']),
    fr: w(['Total HT', 'Sous-total'], ['Montant HT', 'Net HT']),
    es: w(['Base imponible', 'Subtotal'], ['Importe neto', 'Total sin IVA']),
    it: w(['Imponibile', 'Subtotale'], ['Totale netto', 'Totale merce']),
    nl: w(['Subtotaal', 'Netto'], ['Totaal excl. btw', 'Nettobedrag']),
    pt: w(['Total s/ IVA', 'Subtotal'], ['Total ilíquido', 'Valor líquido']),
  },
  tax: {
    en: w(['VAT', 'Tax'], ['Sales tax', 'VAT amount']),
    de: w(['MwSt.', 'USt.'], ['zzgl. MwSt.', 'Umsatzsteuer']),
    fr: w(['TVA', 'Montant TVA'], ['Total TVA']),
    es: w(['IVA', 'Cuota IVA'], ['Importe IVA']),
    it: w(['IVA', 'Imposta'], ['Totale IVA']),
    nl: w(['BTW', 'Btw'], ['BTW-bedrag']),
    pt: w(['IVA', 'Total IVA'], ['Valor IVA']),
  },
  total: {
    en: w(['Total', 'Order total', 'Grand total'], ['PO total', 'Total amount']),
    de: w(['Gesamtbetrag', 'Bestellsumme', 'Summe'], ['Gesamtsumme', 'Endbetrag']),
    fr: w(['Total TTC', 'Montant total'], ['Total commande', 'Net à payer']),
    es: w(['Total pedido', 'Total'], ['Importe total', 'Total a pagar']),
    it: w(['Totale ordine', 'Totale'], ['Totale documento', 'Importo totale']),
    nl: w(['Totaal', 'Ordertotaal'], ['Totaalbedrag', 'Totaal incl. btw']),
    pt: w(['Total', 'Total da encomenda'], ['Valor total', 'Total c/ IVA']),
  },
  sku: {
    en: w(['SKU', 'Item No.', 'Part No.'], ['Item #', 'Part number', 'Code']),
    de: w(['Art.-Nr.', 'Artikelnummer', 'Artikel-Nr.'], ['Materialnr.', 'Best.-Nr.']),
    fr: w(['Réf.', 'Référence', 'Code article'], ['Code', 'Réf. article']),
    es: w(['Ref.', 'Código', 'Referencia'], ['Cód. artículo', 'Artículo']),
    it: w(['Codice', 'Cod. articolo', 'Rif.'], ['Codice art.', 'Art.']),
    nl: w(['Artikelnr.', 'Code', 'Artikelnummer'], ['Art.nr.', 'Referentie']),
    pt: w(['Ref.ª', 'Código', 'Referência'], ['Cód.', 'Artigo']),
  },
  desc: {
    en: w(['Description', 'Item description'], ['Product', 'Item']),
    de: w(['Bezeichnung', 'Artikelbezeichnung', 'Beschreibung'], ['Artikel', 'Text']),
    fr: w(['Désignation', 'Description'], ['Article', 'Libellé']),
    es: w(['Descripción', 'Concepto'], ['Artículo', 'Denominación']),
    it: w(['Descrizione', 'Articolo'], ['Prodotto', 'Descrizione articolo']),
    nl: w(['Omschrijving', 'Artikel'], ['Product', 'Beschrijving']),
    pt: w(['Descrição', 'Designação'], ['Artigo', 'Produto']),
  },
  qty: {
    en: w(['Qty', 'Quantity'], ['Units', 'Ordered']),
    de: w(['Menge', 'Anzahl'], ['Bestellmenge', 'Anz.']),
    fr: w(['Qté', 'Quantité'], ['Qté commandée', 'Qté.']),
    es: w(['Cantidad', 'Cant.'], ['Uds.', 'Unidades']),
    it: w(['Quantità', 'Q.tà'], ['Qtà ordinata', 'Qtà']),
    nl: w(['Aantal', 'Aant.'], ['Besteld', 'Hoeveelheid']),
    pt: w(['Qtd.', 'Quantidade'], ['Quant.', 'Qtde']),
  },
  unit: {
    en: w(['Unit price', 'Price'], ['Unit cost', 'Rate']),
    de: w(['Einzelpreis', 'Preis'], ['Stückpreis', 'EP']),
    fr: w(['Prix unitaire', 'P.U.'], ['Prix unit. HT', 'Tarif']),
    es: w(['Precio unitario', 'Precio'], ['P. unit.', 'Precio/ud.']),
    it: w(['Prezzo unitario', 'Prezzo'], ['Pr. unit.', 'Prezzo netto']),
    nl: w(['Prijs', 'Stukprijs'], ['Eenheidsprijs', 'Prijs/st.']),
    pt: w(['Preço unitário', 'Preço'], ['P. unit.', 'Preço un.']),
  },
  amount: {
    en: w(['Amount', 'Line total'], ['Extended', 'Total']),
    de: w(['Gesamtpreis', 'Betrag'], ['GP', 'Summe']),
    fr: w(['Montant', 'Montant HT'], ['Total', 'Total ligne']),
    es: w(['Importe', 'Total'], ['Importe neto', 'Total línea']),
    it: w(['Importo', 'Totale'], ['Valore', 'Tot. riga']),
    nl: w(['Bedrag', 'Totaal'], ['Regelbedrag', 'Netto']),
    pt: w(['Valor', 'Total'], ['Montante', 'Total linha']),
  },
  note: {
    en: w(['Please confirm this order within 2 business days.']),
    de: w(['Bitte bestätigen Sie diese Bestellung innerhalb von 2 Werktagen.']),
    fr: w(['Merci de nous retourner l’accusé de réception de commande.']),
    es: w(['Rogamos confirmen la recepción de este pedido.']),
    it: w(['Si prega di confermare l’ordine entro 2 giorni lavorativi.']),
    nl: w(['Graag deze order binnen 2 werkdagen bevestigen.']),
    pt: w(['Agradecemos a confirmação desta encomenda.']),
  },
};

/** Payment terms as written in each language (printed as the truth's `payment_terms`). */
export const PO_TERMS: Record<Language, string[]> = {
  en: ['Net 30', 'Net 45 days', '30 days net', '2% 10, net 30', 'Payment in advance'],
  de: ['30 Tage netto', '14 Tage 2 % Skonto, 30 Tage netto', 'Vorkasse', 'Zahlbar sofort ohne Abzug'],
  fr: ['30 jours fin de mois', 'À réception de facture', '45 jours net', 'Virement à 30 jours'],
  es: ['30 días fecha factura', 'Transferencia a 60 días', 'Pago al contado', 'Recibo domiciliado 30 días'],
  it: ['Bonifico 30 gg d.f.', 'Ri.Ba. 60 gg f.m.', 'Rimessa diretta', 'Bonifico anticipato'],
  nl: ['30 dagen netto', 'Betaling binnen 14 dagen', 'Vooruitbetaling', '60 dagen na factuurdatum'],
  pt: ['30 dias', 'Pronto pagamento', 'Transferência a 60 dias', 'Pagamento antecipado'],
};
