import type { StructureHints } from '@/lib/service/engine/types';
import { CARRIED_FORWARD, SUBTOTAL, TABLE_ENDS, TAX, TOTAL } from './labels/amounts';
import { NUMBER_CAPTIONS } from './labels/document-fields';
import { IDENTIFIER } from './labels/patterns';
import * as trade from './trade-document-parts';

export const purchaseOrderSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Purchase order',
  type: 'object',
  properties: {
    po_number: { type: 'string', minLength: 1, title: 'PO number' },
    order_date: { type: 'string', format: 'date', title: 'Order date' },
    delivery_date: { type: 'string', format: 'date', title: 'Delivery date' },
    currency: trade.currencySchema,
    buyer: trade.partySchema('Buyer'),
    supplier: trade.partySchema('Supplier'),
    ship_to: { type: 'string', title: 'Ship to' },
    payment_terms: { type: 'string', title: 'Payment terms' },
    line_items: trade.lineItemsSchema('Line items', ['description', 'quantity'], {
      sku: { type: 'string', title: 'SKU' },
    }),
    subtotal: trade.moneySchema('Subtotal'),
    tax: trade.moneySchema('Tax'),
    total: trade.moneySchema('Total'),
  },
  required: ['po_number', 'order_date', 'currency', 'total'],
} as const;

const BUYER = [
  ...['Commandé par', 'Solicitado por', 'Opdrachtgever', 'Requisitante'],
  ...[
    'Buyer',
    'Purchaser',
    'Ordered by',
    'Bill to',
    'Customer',
    'From',
    'Besteller',
    'Auftraggeber',
    'Käufer',
  ],
  ...[
    'Acheteur',
    'Client',
    'Donneur d’ordre',
    'Comprador',
    'Cliente',
    'Acquirente',
    'Committente',
    'Koper',
    'Besteld door',
  ],
];
const SUPPLIER = [
  ...['Vendeur', 'Vendedor', 'Venditore', 'Verkoper'],
  ...[
    'Supplier',
    'Vendor',
    'To',
    'Seller',
    'Order to',
    'Lieferant',
    'An',
    'Auftragnehmer',
    'Fournisseur',
    'Proveedor',
  ],
  ...['Fornitore', 'Leverancier', 'Fornecedor'],
];

export const purchaseOrderHints: StructureHints = {
  fields: {
    '/po_number': {
      type: 'string',
      labels: [
        ...['N. ordine', 'Ordernummer', 'Encomenda n.º', 'N.º de encomenda', 'Nota de encomenda n.º'],
        ...['N.º encomenda', 'Nº encomenda'],
        ...[
          'PO number',
          'PO No.',
          'PO #',
          'P.O. No.',
          'P.O. #',
          'Purchase order No.',
          'Purchase order number',
        ],
        ...[
          'Purchase order #',
          'Order number',
          'Order No.',
          'Bestellnummer',
          'Bestell-Nr.',
          'Bestellung Nr.',
        ],
        ...['Bon de commande N°', 'Commande N°', 'N° de commande', 'Numéro de commande'],
        ...[
          'Pedido N°',
          'Nº de pedido',
          'Número de pedido',
          'Orden de compra N°',
          'Ordine N°',
          'Numero ordine',
        ],
        ...['Bestelnummer', 'Inkooporder', 'Encomenda N°', 'Nota de encomenda N°'],
        // The title with the number after it ("Purchase Order 4500012345", "Bestellung B-2291").
        ...['Purchase order', 'Bestellung', 'Bon de commande', 'Orden de compra', 'Pedido de compra'],
        ...["Ordine d'acquisto", 'Ordine di acquisto', 'Bestelling', 'Nota de encomenda', 'Ordem de compra'],
        ...['Order ID', 'Order ref.', 'Order reference', 'PO ref.', 'PO reference', 'Our order No.'],
        ...['Auftragsnummer', 'Auftrags-Nr.', 'Auftrag Nr.', 'Bestell-Nr', 'Bestellnr.'],
        ...['Réf. commande', 'Référence commande', 'N° commande', 'N° de bon de commande'],
        ...['Número de orden', 'Orden N°', 'Pedido de compra N°', 'N° de orden de compra'],
        ...["N. ordine d'acquisto", 'Rif. ordine', 'Riferimento ordine', 'Ordernr.', 'Bestelnr.'],
        ...[
          'PO-nummer',
          'Inkoopordernummer',
          'N.º da encomenda',
          'Número da encomenda',
          'Ordem de compra N°',
        ],
      ],
      captions: NUMBER_CAPTIONS,
      pattern: IDENTIFIER,
      fallback: 'strip_code',
    },
    '/order_date': {
      type: 'date',
      labels: [
        ...['Orderdatum'],
        ...['Order date', 'PO date', 'Date of order', 'Date issued', 'Issue date', 'Bestelldatum'],
        ...['Date de commande', 'Fecha de pedido', 'Data ordine', 'Besteldatum', 'Data da encomenda'],
        ...['Date', 'Datum', 'Fecha', 'Data'],
      ],
      fallback: 'first_date',
    },
    '/delivery_date': {
      type: 'date',
      labels: [
        ...[
          'Liefern bis',
          'Livraison souhaitée',
          'Data consegna',
          'Consegna entro',
          'Leveren voor',
          'Entrega até',
        ],
        ...[
          'Delivery date',
          'Required by',
          'Required date',
          'Date required',
          'Need by',
          'Deliver by',
          'Requested delivery',
          'Expected delivery',
          'Ship date',
        ],
        ...['Need by', 'Delivery', 'Liefertermin', 'Lieferdatum', 'Date de livraison', 'Livraison'],
        ...['Fecha de entrega', 'Entrega', 'Data di consegna', 'Consegna', 'Leverdatum', 'Data de entrega'],
      ],
      fallback: 'strip_later_date',
    },
    '/currency': trade.currencyHint,
    // A purchase order is issued by the buyer and sent to the supplier.
    ...trade.partyHints('/buyer', BUYER, { role: 'issuer', addressLines: 3 }),
    ...trade.partyHints('/supplier', SUPPLIER, { role: 'recipient', addressLines: 3 }),
    '/ship_to': {
      type: 'string',
      labels: [
        ...['Destinazione merce', 'Luogo di consegna', 'Local de entrega'],
        ...[
          'Ship to',
          'Deliver to',
          'Delivery address',
          'Shipping address',
          'Lieferadresse',
          'Lieferanschrift',
        ],
        ...['Adresse de livraison', 'Livrer à', 'Dirección de entrega', 'Enviar a', 'Indirizzo di consegna'],
        ...['Consegnare a', 'Afleveradres', 'Leveradres', 'Morada de entrega', 'Entregar em'],
      ],
      position: 'block',
      maxLines: 4,
    },
    '/payment_terms': {
      type: 'string',
      labels: [
        ...['Zahlungsziel', 'Règlement', 'Forma de pago', 'Pagamento', 'Betaaltermijn'],
        ...['Payment terms', 'Terms', 'Terms of payment', 'Zahlungsbedingungen', 'Conditions de paiement'],
        ...[
          'Condiciones de pago',
          'Condizioni di pagamento',
          'Betalingsvoorwaarden',
          'Condições de pagamento',
        ],
      ],
    },
    '/subtotal': { type: 'money', labels: SUBTOTAL },
    '/tax': { type: 'money', labels: TAX, taxBreakdown: true },
    '/total': {
      type: 'money',
      labels: [
        ...['Total pedido', 'Totale ordine', 'Ordertotaal', 'Total da encomenda'],
        ...TOTAL,
        'Order total',
        'PO total',
        'Total order value',
        'Bestellsumme',
        'Total commande',
      ],
    },
  },
  tables: {
    '/line_items': {
      columns: {
        sku: {
          type: 'string',
          // Codes: a column under an unknown caption ("Item") holding them is the SKU column.
          pattern: IDENTIFIER,
          labels: [
            ...['SKU', 'Item No.', 'Item #', 'Part No.', 'Part number', 'Article No.', 'Code', 'Art.-Nr.'],
            ...['Artikelnummer', 'Artikel-Nr.', 'Référence', 'Réf.', 'Referencia', 'Ref.', 'Codice', 'Cod.'],
            ...['Artikelnr.', 'Referência', 'Code article', 'Código', 'Cod. articolo', 'Rif.', 'Ref.ª'],
          ],
        },
        ...trade.lineItemColumns({ quantity: ['Ordered'], amount: ['Extended', 'Ext. price'] }),
      },
      endLabels: [...TABLE_ENDS, 'Order total'],
      pageEndLabels: CARRIED_FORWARD,
    },
  },
  rules: [...trade.amountsAddUp, { kind: 'date_order', before: '/order_date', after: '/delivery_date' }],
};
