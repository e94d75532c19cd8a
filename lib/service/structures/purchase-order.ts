import type { StructureHints } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';
import {
  AMOUNT,
  CURRENCY,
  DESCRIPTION,
  QUANTITY,
  SUBTOTAL,
  TABLE_ENDS,
  TAX,
  TOTAL,
  UNIT_PRICE,
} from './labels/amounts';
import { IDENTIFIER } from './labels/patterns';

const party = {
  type: 'object',
  properties: { name: { type: 'string', title: 'Name' }, address: { type: 'string', title: 'Address' } },
} as const;

export const purchaseOrderSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Purchase order',
  type: 'object',
  properties: {
    po_number: { type: 'string', minLength: 1, title: 'PO number' },
    order_date: { type: 'string', format: 'date', title: 'Order date' },
    delivery_date: { type: 'string', format: 'date', title: 'Delivery date' },
    currency: { type: 'string', enum: [...ISO_4217], title: 'Currency' },
    buyer: { ...party, title: 'Buyer' },
    supplier: { ...party, title: 'Supplier' },
    ship_to: { type: 'string', title: 'Ship to' },
    payment_terms: { type: 'string', title: 'Payment terms' },
    line_items: {
      type: 'array',
      title: 'Line items',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', title: 'SKU' },
          description: { type: 'string', title: 'Description' },
          quantity: { type: 'number', title: 'Quantity' },
          unit_price: { type: 'number', title: 'Unit price' },
          amount: { type: 'number', title: 'Amount' },
        },
        required: ['description', 'quantity'],
      },
    },
    subtotal: { type: 'number', title: 'Subtotal' },
    tax: { type: 'number', title: 'Tax' },
    total: { type: 'number', title: 'Total' },
  },
  required: ['po_number', 'order_date', 'currency', 'total'],
} as const;

const BUYER = [
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
      ],
      pattern: IDENTIFIER,
    },
    '/order_date': {
      type: 'date',
      labels: [
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
          'Delivery date',
          'Required by',
          'Deliver by',
          'Requested delivery',
          'Expected delivery',
          'Ship date',
        ],
        ...['Need by', 'Delivery', 'Liefertermin', 'Lieferdatum', 'Date de livraison', 'Livraison'],
        ...['Fecha de entrega', 'Entrega', 'Data di consegna', 'Consegna', 'Leverdatum', 'Data de entrega'],
      ],
    },
    '/currency': { type: 'enum', labels: CURRENCY, values: currencyValues, searchDocument: true },
    '/buyer/name': { type: 'string', labels: BUYER, fallback: 'issuer_name' },
    '/buyer/address': {
      type: 'string',
      labels: BUYER,
      position: 'block',
      skipLines: 1,
      maxLines: 3,
      fallback: 'issuer_address',
    },
    '/supplier/name': { type: 'string', labels: SUPPLIER, fallback: 'recipient_name' },
    '/supplier/address': {
      type: 'string',
      labels: SUPPLIER,
      position: 'block',
      skipLines: 1,
      maxLines: 3,
      fallback: 'recipient_address',
    },
    '/ship_to': {
      type: 'string',
      labels: [
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
    '/tax': { type: 'money', labels: TAX },
    '/total': {
      type: 'money',
      labels: [...TOTAL, 'Order total', 'PO total', 'Total order value', 'Bestellsumme', 'Total commande'],
    },
  },
  tables: {
    '/line_items': {
      columns: {
        sku: {
          type: 'string',
          labels: [
            ...['SKU', 'Item No.', 'Item #', 'Part No.', 'Part number', 'Article No.', 'Code', 'Art.-Nr.'],
            ...['Artikelnummer', 'Artikel-Nr.', 'Référence', 'Réf.', 'Referencia', 'Ref.', 'Codice', 'Cod.'],
            ...['Artikelnr.', 'Referência'],
          ],
        },
        description: { type: 'string', labels: DESCRIPTION },
        quantity: { type: 'number', labels: [...QUANTITY, 'Ordered'] },
        unit_price: { type: 'money', labels: UNIT_PRICE },
        amount: { type: 'money', labels: [...AMOUNT, 'Extended', 'Ext. price'] },
      },
      endLabels: [...TABLE_ENDS, 'Order total'],
    },
  },
  rules: [
    { kind: 'sum', items: '/line_items', field: 'amount', equals: '/subtotal', tolerance: 0.01 },
    { kind: 'add', fields: ['/subtotal', '/tax'], equals: '/total', tolerance: 0.01 },
    { kind: 'date_order', before: '/order_date', after: '/delivery_date' },
  ],
};
