/** Receipt label wordings and tender words per language (see common.ts for the split). */
import type { Language } from '../locales';
import { w } from '../model';
import type { LabelSet } from './common';

export const RECEIPT_LABELS: LabelSet<
  | 'title'
  | 'number'
  | 'date'
  | 'subtotal'
  | 'tax'
  | 'tip'
  | 'total'
  | 'payment'
  | 'desc'
  | 'qty'
  | 'unit'
  | 'amount'
  | 'vatRate'
  | 'net'
  | 'gross'
  | 'note'
> = {
  title: {
    en: w(['RECEIPT', 'Receipt', 'Sales receipt'], ['Till receipt', 'RECEIPT']),
    de: w(['Kassenbon', 'BELEG', 'Quittung'], ['Kassenbeleg', 'Bon']),
    fr: w(['TICKET DE CAISSE', 'Ticket', 'Reçu'], ['Ticket client', 'Facture simplifiée']),
    es: w(['TICKET', 'Factura simplificada', 'Recibo'], ['Ticket de compra', 'Tique']),
    it: w(['SCONTRINO', 'Documento commerciale'], ['Scontrino fiscale', 'Ricevuta']),
    nl: w(['KASSABON', 'Bon'], ['Kassaticket', 'Aankoopbon']),
    pt: w(['TALÃO', 'Fatura simplificada', 'Recibo'], ['Talão de venda', 'Cupom']),
  },
  number: {
    en: w(['Receipt No.', 'Receipt #', 'Transaction #'], ['Trans. #', 'Ticket No.', 'Check #']),
    de: w(['Bon-Nr.', 'Beleg-Nr.', 'Belegnummer'], ['Bonnummer', 'Transaktion']),
    fr: w(['Ticket n°', 'N° ticket', 'Transaction'], ['N° de caisse', 'Ticket']),
    es: w(['Ticket nº', 'Nº ticket', 'Nº factura'], ['Número', 'Operación']),
    it: w(['Scontrino n.', 'Documento n.', 'N. doc.'], ['Numero', 'Doc. n.']),
    nl: w(['Bonnr.', 'Bonnummer', 'Transactie'], ['Ticketnr.', 'Volgnr.']),
    pt: w(['Talão n.º', 'Fatura n.º', 'N.º doc.'], ['Documento', 'Talão nº']),
  },
  date: {
    en: w(['Date', 'Purchase date'], ['Transaction date', 'Sale date']),
    de: w(['Datum', 'Kaufdatum'], ['Belegdatum', 'Datum/Zeit']),
    fr: w(['Date', "Date d'achat"], ['Le', 'Date/Heure']),
    es: w(['Fecha', 'Fecha de compra'], ['Fecha/Hora', 'Fecha venta']),
    it: w(['Data', 'Data acquisto'], ['Data/Ora', 'Del']),
    nl: w(['Datum', 'Aankoopdatum'], ['Datum/tijd', 'Op']),
    pt: w(['Data', 'Data da compra'], ['Data/Hora', 'Emitido em']),
  },
  subtotal: {
    en: w(['Subtotal', 'Sub-total'], ['Net', 'Sub total']),
    de: w(['Zwischensumme', 'Summe netto'], ['Netto', 'Zw.-Summe']),
    fr: w(['Sous-total', 'Total HT'], ['Montant HT', 'S/Total']),
    es: w(['Subtotal', 'Base imponible'], ['Base', 'Suma']),
    it: w(['Subtotale', 'Imponibile'], ['Parziale', 'Totale netto']),
    nl: w(['Subtotaal', 'Excl. btw'], ['Netto', 'Tussentotaal']),
    pt: w(['Subtotal', 'Total s/ IVA'], ['Base', 'Valor líquido']),
  },
  tax: {
    en: w(['Tax', 'VAT'], ['Sales tax', 'GST']),
    de: w(['MwSt.', 'enth. MwSt.', 'USt.'], ['inkl. MwSt.', 'Steuer']),
    fr: w(['TVA', 'dont TVA'], ['Total TVA', 'Montant TVA']),
    es: w(['IVA', 'IVA incluido'], ['Cuota IVA', 'Impuestos']),
    it: w(['IVA', 'di cui IVA'], ['Imposta', 'Totale IVA']),
    nl: w(['BTW', 'incl. btw'], ['Btw', 'Waarvan btw']),
    pt: w(['IVA', 'Total IVA'], ['Imposto', 'IVA incluído']),
  },
  tip: {
    en: w(['Tip', 'Gratuity'], ['Service charge']),
    de: w(['Trinkgeld'], ['Bedienung']),
    fr: w(['Pourboire'], ['Service']),
    es: w(['Propina'], ['Servicio']),
    it: w(['Mancia'], ['Servizio']),
    nl: w(['Fooi'], ['Bediening']),
    pt: w(['Gorjeta'], ['Serviço']),
  },
  total: {
    en: w(['Total', 'TOTAL', 'Amount paid'], ['Total paid', 'To pay', 'Grand total']),
    de: w(['Summe', 'SUMME', 'Gesamt', 'Zu zahlen'], ['Endsumme', 'Total']),
    fr: w(['Total', 'TOTAL TTC', 'Montant'], ['À payer', 'Net à payer']),
    es: w(['Total', 'TOTAL', 'Total a pagar'], ['Importe', 'Total compra']),
    it: w(['Totale', 'TOTALE', 'Totale complessivo'], ['Da pagare', 'Importo pagato']),
    nl: w(['Totaal', 'TOTAAL', 'Te betalen'], ['Betaald', 'Totaalbedrag']),
    pt: w(['Total', 'TOTAL', 'Total a pagar'], ['Valor pago', 'A pagar']),
  },
  payment: {
    en: w(['Payment', 'Paid by', 'Payment method'], ['Tender', 'Paid with']),
    de: w(['Zahlungsart', 'Gegeben', 'Bezahlt mit'], ['Zahlung', 'Zahlweise']),
    fr: w(['Paiement', 'Mode de paiement', 'Réglé par'], ['Règlement', 'Payé par']),
    es: w(['Forma de pago', 'Pago', 'Pagado con'], ['Medio de pago', 'Entregado']),
    it: w(['Pagamento', 'Metodo di pagamento', 'Pagato con'], ['Tipo pagamento', 'Modalità']),
    nl: w(['Betaalwijze', 'Betaald met', 'Betaling'], ['Betaalmethode', 'Voldaan']),
    pt: w(['Pagamento', 'Meio de pagamento', 'Pago com'], ['Forma de pagamento', 'Modo']),
  },
  desc: {
    en: w(['Item', 'Description'], ['Article', 'Product']),
    de: w(['Artikel', 'Bezeichnung'], ['Ware', 'Produkt']),
    fr: w(['Article', 'Désignation'], ['Produit', 'Libellé']),
    es: w(['Artículo', 'Descripción'], ['Producto', 'Concepto']),
    it: w(['Articolo', 'Descrizione'], ['Prodotto', 'Reparto']),
    nl: w(['Artikel', 'Omschrijving'], ['Product', 'Item']),
    pt: w(['Artigo', 'Descrição'], ['Produto', 'Designação']),
  },
  qty: {
    en: w(['Qty', 'Quantity'], ['Qty.', 'Pcs']),
    de: w(['Menge', 'Anz.'], ['Stk.', 'Mge']),
    fr: w(['Qté', 'Quantité'], ['Nb', 'Qté.']),
    es: w(['Cant.', 'Uds.'], ['Cantidad', 'Ud.']),
    it: w(['Q.tà', 'Quantità'], ['Pz', 'Qtà']),
    nl: w(['Aantal', 'Aant.'], ['St.', 'Hoev.']),
    pt: w(['Qtd.', 'Quant.'], ['Qtde', 'Un.']),
  },
  unit: {
    en: w(['Price', 'Unit price'], ['Each', 'Unit']),
    de: w(['Preis', 'EP'], ['Einzelpreis', 'Stückpreis']),
    fr: w(['Prix', 'P.U.'], ['Prix unit.', 'PU']),
    es: w(['Precio', 'P. unit.'], ['Precio ud.', 'PVP']),
    it: w(['Prezzo', 'Pr. unit.'], ['Prezzo un.', 'Euro']),
    nl: w(['Prijs', 'Stukprijs'], ['Per stuk', 'Eenh.prijs']),
    pt: w(['Preço', 'P. unit.'], ['Preço un.', 'PVP']),
  },
  amount: {
    en: w(['Amount', 'Total'], ['Sum', 'Line total']),
    de: w(['Betrag', 'Summe'], ['Gesamt', 'EUR']),
    fr: w(['Montant', 'Total'], ['Prix', 'EUR']),
    es: w(['Importe', 'Total'], ['Euros', 'Precio']),
    it: w(['Importo', 'Prezzo'], ['Euro', 'Totale']),
    nl: w(['Bedrag', 'Totaal'], ['EUR', 'Prijs']),
    pt: w(['Valor', 'Total'], ['Montante', 'Euros']),
  },
  vatRate: {
    en: w(['VAT rate', 'Rate'], ['Tax rate', 'Code']),
    de: w(['MwSt.-Satz', 'Satz'], ['USt %', 'Steuersatz']),
    fr: w(['Taux', 'Taux TVA'], ['TVA %', 'Code']),
    es: w(['Tipo', '% IVA'], ['Tipo IVA', 'IVA %']),
    it: w(['Aliquota', 'Aliq. IVA'], ['IVA %', 'Cod.']),
    nl: w(['Tarief', 'BTW %'], ['Btw-tarief', 'Code']),
    pt: w(['Taxa', 'Taxa IVA'], ['IVA %', 'Cód.']),
  },
  net: {
    en: w(['Net', 'Net amount'], ['Excl. VAT', 'Net']),
    de: w(['Netto', 'Nettobetrag'], ['Netto', 'Netto-Umsatz']),
    fr: w(['HT', 'Base HT'], ['Montant HT', 'HT']),
    es: w(['Base', 'Base imp.'], ['Base imponible', 'Neto']),
    it: w(['Imponibile', 'Netto'], ['Imp.', 'Netto']),
    nl: w(['Excl.', 'Netto'], ['Grondslag', 'Excl. btw']),
    pt: w(['Base', 'Incidência'], ['Valor s/ IVA', 'Base']),
  },
  gross: {
    en: w(['Gross', 'Incl. VAT'], ['Total', 'Gross']),
    de: w(['Brutto', 'Bruttobetrag'], ['Brutto', 'Gesamt']),
    fr: w(['TTC', 'Total TTC'], ['Montant TTC', 'TTC']),
    es: w(['Total', 'Importe'], ['Total IVA incl.', 'Bruto']),
    it: w(['Totale', 'Lordo'], ['Importo', 'Lordo']),
    nl: w(['Incl.', 'Bruto'], ['Totaal', 'Incl. btw']),
    pt: w(['Total', 'Valor c/ IVA'], ['Bruto', 'Total']),
  },
  note: {
    en: w(['Thank you for shopping with us!', 'Please keep your receipt.']),
    de: w(['Vielen Dank für Ihren Einkauf!', 'Bitte bewahren Sie den Beleg auf.']),
    fr: w(['Merci de votre visite !', 'À bientôt !']),
    es: w(['¡Gracias por su visita!', 'Conserve su ticket.']),
    it: w(['Grazie e arrivederci!', 'Conservare lo scontrino.']),
    nl: w(['Bedankt voor uw bezoek!', 'Bewaar uw kassabon.']),
    pt: w(['Obrigado pela sua visita!', 'Volte sempre!']),
  },
};

/** Tender words printed for each payment kind (the truth's `payment_method`), per language. */
export const TENDER: Record<Language, Record<'cash' | 'card' | 'mobile', string[]>> = {
  en: {
    cash: ['Cash', 'CASH'],
    card: ['Visa', 'Mastercard', 'Card', 'Debit card', 'Credit card'],
    mobile: ['Apple Pay', 'Google Pay'],
  },
  de: {
    cash: ['Bar', 'BAR', 'Barzahlung'],
    card: ['EC-Karte', 'Girocard', 'Kartenzahlung', 'Visa'],
    mobile: ['Apple Pay', 'Google Pay'],
  },
  fr: {
    cash: ['Espèces', 'ESPECES'],
    card: ['Carte bancaire', 'CB', 'Carte Visa', 'Mastercard'],
    mobile: ['Apple Pay', 'Paylib'],
  },
  es: {
    cash: ['Efectivo', 'EFECTIVO', 'Contado'],
    card: ['Tarjeta', 'Tarjeta de crédito', 'Visa'],
    mobile: ['Bizum', 'Apple Pay'],
  },
  it: {
    cash: ['Contanti', 'CONTANTI', 'Contante'],
    card: ['Carta', 'Bancomat', 'Carta di credito', 'POS'],
    mobile: ['Satispay', 'Apple Pay'],
  },
  nl: {
    cash: ['Contant', 'CONTANT'],
    card: ['PIN', 'Pinpas', 'Maestro', 'Creditcard'],
    mobile: ['Apple Pay', 'Tikkie'],
  },
  pt: {
    cash: ['Numerário', 'Dinheiro'],
    card: ['Multibanco', 'Cartão', 'Cartão de crédito', 'Visa'],
    mobile: ['MB WAY', 'Pix', 'Apple Pay'],
  },
};
