import type { StructureHints } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';
import { CARRIED_FORWARD } from './labels/amounts';
import { IDENTIFIER } from './labels/patterns';

export const bankStatementSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Bank statement',
  type: 'object',
  properties: {
    bank_name: { type: 'string', title: 'Bank' },
    account_holder: { type: 'string', title: 'Account holder' },
    iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$', title: 'IBAN' },
    account_number: { type: 'string', title: 'Account number' },
    statement_number: { type: 'string', title: 'Statement number' },
    period_start: { type: 'string', format: 'date', title: 'Period start' },
    period_end: { type: 'string', format: 'date', title: 'Period end' },
    currency: { type: 'string', enum: [...ISO_4217], title: 'Currency' },
    opening_balance: { type: 'number', title: 'Opening balance' },
    closing_balance: { type: 'number', title: 'Closing balance' },
    transactions: {
      type: 'array',
      title: 'Transactions',
      items: {
        type: 'object',
        properties: {
          date: { type: 'string', format: 'date', title: 'Date' },
          description: { type: 'string', title: 'Description' },
          debit: { type: 'number', title: 'Debit' },
          credit: { type: 'number', title: 'Credit' },
          amount: { type: 'number', title: 'Amount (signed)' },
          balance: { type: 'number', title: 'Balance' },
        },
        required: ['date', 'description'],
      },
    },
  },
  required: ['period_start', 'period_end', 'currency', 'closing_balance'],
} as const;

/** Labels followed by the whole period ("01.03.2024 – 31.03.2024"): the start is its first date, the end its last. */
const PERIOD = [
  ...[
    'Auszugszeitraum',
    'Période du relevé',
    'Periodo del extracto',
    'Periodo di riferimento',
    'Afschriftperiode',
    'Período do extrato',
  ],
  'Statement period',
  'Period',
  'Period from',
  'For the period',
  'Zeitraum',
  'Zeitraum von',
  'Kontoauszug vom',
  ...[
    'Période',
    'Période du',
    'Periodo',
    'Período',
    'Periode',
    'Relevé du',
    'Extracto del',
    'Estratto conto dal',
  ],
];

/** The balance a statement starts from (also a line among the rows, which is then no transaction). */
const OPENING = [
  ...['Vorig saldo', 'Oud saldo'],
  'Opening balance',
  'Previous balance',
  'Balance brought forward',
  'Beginning balance',
  'Starting balance',
  'Balance forward',
  'Alter Kontostand',
  'Anfangssaldo',
  ...['Kontostand alt', 'Saldo alt', 'Solde initial', 'Ancien solde', 'Solde précédent', 'Solde au début'],
  ...[
    'Saldo inicial',
    'Saldo anterior',
    'Saldo iniziale',
    'Saldo precedente',
    'Beginsaldo',
    'Saldo anterior',
  ],
];

/** The balance a statement ends with. */
const CLOSING = [
  ...['Saldo contabile finale', 'Novo saldo'],
  'Closing balance',
  'New balance',
  'Ending balance',
  'Balance carried forward',
  'Final balance',
  'Neuer Kontostand',
  'Endsaldo',
  ...['Kontostand neu', 'Saldo neu', 'Solde final', 'Nouveau solde', 'Solde à la fin', 'Saldo final'],
  ...['Nuevo saldo', 'Saldo finale', 'Nuovo saldo', 'Eindsaldo', 'Nieuw saldo', 'Saldo atual'],
];

export const bankStatementHints: StructureHints = {
  fields: {
    '/bank_name': {
      type: 'string',
      labels: ['Bank name', 'Institution', 'Kreditinstitut'],
      fallback: 'first_line',
    },
    '/account_holder': {
      type: 'string',
      labels: [
        ...['Intestato a', 'Ten name van'],
        'Account holder',
        'Account name',
        'Account owner',
        'Customer',
        'Name',
        'Kontoinhaber',
        'Prepared for',
        ...['Inhaber', 'Titulaire', 'Titulaire du compte', 'Titular', 'Titular de la cuenta', 'Intestatario'],
        ...['Rekeninghouder', 'Titular da conta'],
      ],
      // A statement is sent to its holder: the address block in the window.
      fallback: 'recipient_name',
    },
    '/iban': {
      type: 'string',
      compact: true,
      check: 'iban',
      labels: ['IBAN', 'IBAN No.'],
      pattern: '[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){10,30}',
      // An IBAN is known by its shape where no "IBAN" labels it ("Konto DE44 6705 …").
      searchDocument: true,
    },
    '/account_number': {
      type: 'string',
      labels: [
        ...['Account number', 'Account No.', 'Account #', 'Acct No.', 'Acct #', 'Kontonummer', 'Konto-Nr.'],
        ...[
          'Konto',
          'N° de compte',
          'Numéro de compte',
          'Compte',
          'Número de cuenta',
          'Cuenta',
          'Numero conto',
        ],
        ...['Conto', 'Rekeningnummer', 'Número de conta'],
      ],
      pattern: '[0-9][0-9 \\-]{3,}[0-9]',
    },
    '/statement_number': {
      type: 'string',
      labels: [
        ...[
          'Statement No.',
          'Extrato n.º',
          'Extrato nº',
          'Statement number',
          'Statement #',
          'Auszug Nr.',
          'Kontoauszug Nr.',
          'Auszug',
          'Sheet',
        ],
        ...[
          'Relevé N°',
          'Relevé de compte N°',
          'Extracto N°',
          'Estratto conto N°',
          'Afschrift nr.',
          'Extrato N°',
        ],
        // The title with the number after it ("Kontoauszug 3/2024", "Relevé 12").
        ...['Kontoauszug', 'Statement', 'Relevé', 'Relevé de compte', 'Extracto', 'Estratto conto'],
        ...['Afschrift', 'Rekeningafschrift', 'Extrato'],
      ],
      // A number, never the words after a title ("Kontoauszug vom …", "Statement of account").
      pattern: IDENTIFIER,
    },
    '/period_start': {
      type: 'date',
      labels: [
        ...[...PERIOD, 'From', 'Start date', 'Opening date', 'Period start', 'Period beginning', 'Desde'],
      ],
      fallback: 'date_range',
    },
    '/period_end': {
      type: 'date',
      pick: 'last',
      labels: [
        ...PERIOD,
        'To',
        'Until',
        'Through',
        'End date',
        'Closing date',
        'Period end',
        'Period ending',
        'bis',
        'Hasta',
      ],
      fallback: 'date_range',
    },
    '/currency': {
      type: 'enum',
      labels: [
        ...['Devise du compte', 'Divisa', 'Munteenheid'],
        'Currency',
        'Account currency',
        'Währung',
        'Kontowährung',
        'Devise',
        'Moneda',
        'Valuta',
        'Moeda',
      ],
      values: currencyValues,
      searchDocument: true,
      fallback: 'country_currency',
    },
    '/opening_balance': { type: 'money', labels: OPENING },
    '/closing_balance': { type: 'money', labels: CLOSING },
  },
  tables: {
    '/transactions': {
      columns: {
        date: {
          type: 'date',
          labels: [
            ...['Buchung', 'F. operación', 'Data contabile', 'Data mov.'],
            'Date',
            'Booking date',
            'Posting date',
            'Trans. date',
            'Value date',
            'Datum',
            'Buchungstag',
            ...[
              'Buchungsdatum',
              'Wertstellung',
              'Valuta',
              'Date opération',
              'Date valeur',
              'Fecha',
              'Fecha valor',
            ],
            ...['Data', 'Data valuta', 'Data operazione', 'Boekdatum', 'Data movimento', 'Data valor'],
          ],
        },
        description: {
          type: 'string',
          labels: [
            ...['Descrizione operazione', 'Mededelingen', 'Descritivo'],
            'Description',
            'Details',
            'Transaction',
            'Transaction details',
            'Particulars',
            'Narrative',
            'Reference',
            'Verwendungszweck',
            ...['Buchungstext', 'Vorgang', 'Beschreibung', 'Libellé', 'Opération', 'Nature de l’opération'],
            ...[
              'Concepto',
              'Descripción',
              'Descrizione',
              'Causale',
              'Omschrijving',
              'Descrição',
              'Movimento',
            ],
          ],
        },
        debit: {
          type: 'money',
          labels: [
            ...['Debe', 'Uscite', 'Af', 'Debet', 'Débitos', 'Sorties'],
            ...[
              'Debit',
              'Debits',
              'Withdrawals',
              'Paid out',
              'Money out',
              'Out',
              'Soll',
              'Withdrawal',
              'Lastschrift',
            ],
            ...['Belastung', 'Débit', 'Cargo', 'Cargos', 'Addebiti', 'Addebito', 'Dare', 'Débito'],
          ],
        },
        credit: {
          type: 'money',
          labels: [
            ...['Haber', 'Entrate', 'Bij', 'Créditos', 'Entrées'],
            ...[
              'Credit',
              'Credits',
              'Deposits',
              'Paid in',
              'Money in',
              'In',
              'Haben',
              'Deposit',
              'Gutschrift',
            ],
            ...['Crédit', 'Abono', 'Abonos', 'Accrediti', 'Accredito', 'Avere', 'Crédito'],
          ],
        },
        amount: {
          type: 'money',
          labels: [
            ...['Montante'],
            'Amount',
            'Betrag',
            'Amount (EUR)',
            'Value',
            'Umsatz',
            'Montant',
            'Importe',
            'Importo',
            'Bedrag',
            'Valor',
          ],
        },
        balance: { type: 'money', labels: ['Balance', 'Running balance', 'Saldo', 'Kontostand', 'Solde'] },
      },
      requiredColumns: ['date'],
      ledger: { opening: '/opening_balance', closing: '/closing_balance' },
      skipLabels: [...OPENING, ...CARRIED_FORWARD],
      pageEndLabels: CARRIED_FORWARD,
      endLabels: [
        ...CLOSING.filter((label) => !CARRIED_FORWARD.includes(label)),
        ...['Total', 'Totals', 'Summe', 'Total des opérations', 'Totaux', 'Totales', 'Totali', 'Totaal'],
      ],
    },
  },
  rules: [{ kind: 'date_order', before: '/period_start', after: '/period_end' }],
};
