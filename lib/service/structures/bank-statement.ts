import type { StructureHints } from '@/lib/service/engine/types';
import { currencyValues, ISO_4217 } from './currencies';

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
  'Statement period',
  'Period',
  'Period from',
  'For the period',
  'Zeitraum',
  'Zeitraum von',
  'Kontoauszug vom',
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
        'Account holder',
        'Account name',
        'Account owner',
        'Customer',
        'Name',
        'Kontoinhaber',
        'Prepared for',
      ],
    },
    '/iban': {
      type: 'string',
      compact: true,
      labels: ['IBAN', 'IBAN No.'],
      pattern: '[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){10,30}',
    },
    '/account_number': {
      type: 'string',
      labels: ['Account number', 'Account No.', 'Account #', 'Acct No.', 'Acct #', 'Kontonummer'],
      pattern: '[0-9][0-9 \\-]{3,}[0-9]',
    },
    '/statement_number': {
      type: 'string',
      labels: ['Statement No.', 'Statement number', 'Statement #', 'Auszug Nr.', 'Sheet'],
    },
    '/period_start': {
      type: 'date',
      labels: [...PERIOD, 'From', 'Start date', 'Opening date', 'Period start', 'Period beginning'],
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
      ],
    },
    '/currency': {
      type: 'enum',
      labels: ['Currency', 'Account currency', 'Währung'],
      values: currencyValues,
      searchDocument: true,
    },
    '/opening_balance': {
      type: 'money',
      labels: [
        'Opening balance',
        'Previous balance',
        'Balance brought forward',
        'Beginning balance',
        'Starting balance',
        'Balance forward',
        'Alter Kontostand',
        'Anfangssaldo',
      ],
    },
    '/closing_balance': {
      type: 'money',
      labels: [
        'Closing balance',
        'New balance',
        'Ending balance',
        'Balance carried forward',
        'Final balance',
        'Neuer Kontostand',
        'Endsaldo',
      ],
    },
  },
  tables: {
    '/transactions': {
      columns: {
        date: {
          type: 'date',
          labels: [
            'Date',
            'Booking date',
            'Posting date',
            'Trans. date',
            'Value date',
            'Datum',
            'Buchungstag',
          ],
        },
        description: {
          type: 'string',
          labels: [
            'Description',
            'Details',
            'Transaction',
            'Transaction details',
            'Particulars',
            'Narrative',
            'Reference',
            'Verwendungszweck',
          ],
        },
        debit: {
          type: 'money',
          labels: ['Debit', 'Debits', 'Withdrawals', 'Paid out', 'Money out', 'Out', 'Soll', 'Withdrawal'],
        },
        credit: {
          type: 'money',
          labels: ['Credit', 'Credits', 'Deposits', 'Paid in', 'Money in', 'In', 'Haben', 'Deposit'],
        },
        amount: { type: 'money', labels: ['Amount', 'Betrag', 'Amount (EUR)', 'Value'] },
        balance: { type: 'money', labels: ['Balance', 'Running balance', 'Saldo', 'Kontostand'] },
      },
      requiredColumns: ['date'],
      endLabels: [
        'Closing balance',
        'New balance',
        'Ending balance',
        'Balance carried forward',
        'Final balance',
        'Total',
        'Totals',
        'Neuer Kontostand',
        'Endsaldo',
      ],
    },
  },
  rules: [{ kind: 'date_order', before: '/period_start', after: '/period_end' }],
};
