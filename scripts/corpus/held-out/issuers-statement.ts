/** Banks and accounts of the held-out statements, with the bookings that show up on them. */
import { conventions } from './formats';
import type { Booking, StatementIssuer } from './statement';

const b = (description: string, min: number, max: number, credit = false): Booking => ({
  description,
  amount: [min, max],
  credit,
});
/** A booking that happens once a month. */
const monthly = (description: string, min: number, max: number, credit = false): Booking => ({
  ...b(description, min, max, credit),
  once: true,
});

const UK_BUSINESS = [
  b('BACS CREDIT HOLLINS & PRYCE LLP', 600, 4800, true),
  b('FASTER PAYMENT NORTHGATE PROPERTY', 400, 2600, true),
  monthly('DIRECT DEBIT HMRC VAT', 1200, 5400),
  monthly('DIRECT DEBIT BT BUSINESS', 48, 96),
  b('CARD PAYMENT SCREWFIX READING', 18, 240),
  monthly('STANDING ORDER RENT FORBURY SQ', 1850, 1850),
  b('BACS PAYROLL {n}', 2200, 6800),
  b('CARD PAYMENT SHELL RG1', 40, 95),
  b('FASTER PAYMENT MARSH LANE BREWERY', 300, 1500, true),
];

const UK_PERSONAL = [
  monthly('SALARY KESTREL PRINT LTD', 2400, 2650, true),
  monthly('DD OCTOPUS ENERGY', 85, 140),
  monthly('DD COUNCIL TAX LEEDS CC', 148, 148),
  b('CARD TESCO STORES 2281', 12, 96),
  b('CARD COSTA COFFEE', 3, 9),
  monthly('SO MORTGAGE NATIONWIDE', 890, 890),
  b('FPI TRANSFER FROM J CARTER', 20, 250, true),
  b('CASH WITHDRAWAL LINK ATM', 20, 100),
  b('CARD TRAINLINE.COM', 18, 120),
];

const DE_BOOKINGS = [
  b('SEPA-Gutschrift Praxis Dr. Lorenz RE {n}', 180, 1400, true),
  b('SEPA-Gutschrift Hansen Logistik GmbH', 250, 3200, true),
  monthly('SEPA-Lastschrift Stadtwerke Leipzig Strom', 120, 260),
  monthly('Dauerauftrag Miete Schillerstraße 9', 1450, 1450),
  b('Kartenzahlung METRO Leipzig', 60, 540),
  monthly('SEPA-Lastschrift Finanzamt Leipzig USt', 300, 1900),
  b('Überweisung Rohkaffee Import GmbH {n}', 900, 4200),
  b('Kartenzahlung Tankstelle Connewitz', 35, 90),
  monthly('Entgelt Kontoführung', 12.9, 12.9),
  b('SEPA-Gutschrift Kartenumsätze SumUp', 400, 2600, true),
];

const DE_AUTOHAUS = [
  b('SEPA-Gutschrift Kundenzahlung RE {n}', 350, 6800, true),
  b('SEPA-Gutschrift Leasingbank Fahrzeugankauf', 9000, 24000, true),
  b('Überweisung Teilehandel Saar GmbH {n}', 400, 3900),
  monthly('Dauerauftrag Miete Halle Industriestraße', 2900, 2900),
  monthly('SEPA-Lastschrift energis Strom und Gas', 380, 720),
  b('Kartenzahlung Aral Tankstelle', 45, 120),
  monthly('SEPA-Lastschrift Finanzamt Saarbrücken USt', 1200, 5600),
  b('Gehalt Mitarbeiter {n}', 2100, 3400),
  monthly('Entgelt Kontoführung', 24.5, 24.5),
  b('SEPA-Gutschrift Garantieerstattung Hersteller', 200, 1800, true),
];

const FR_BOOKINGS = [
  monthly('VIR SEPA RECU SALAIRE CORALIS INFORMATIQUE', 2300, 2600, true),
  monthly('PRLV SEPA EDF CLIENTS PARTICULIERS', 60, 140),
  b('CB CARREFOUR MARKET', 18, 160),
  monthly('PRLV SEPA FREE MOBILE', 19.99, 19.99),
  b('CB BOULANGERIE MARTIN', 3, 14),
  b('RETRAIT DAB', 20, 100),
  monthly('VIR PERMANENT LOYER M. GARNIER', 780, 780),
  monthly('VIR SEPA RECU CAF', 120, 310, true),
  b('CHEQUE N° {n}', 35, 420),
  monthly('PRLV SEPA MAIF ASSURANCE', 48, 96),
];

const US_BOOKINGS = [
  b('DEPOSIT - MOBILE CHECK', 250, 3800, true),
  b('ACH CREDIT PETCARE INSURANCE CLAIMS', 180, 1600, true),
  b('CARD SALES SETTLEMENT SQUARE', 900, 4200, true),
  monthly('ACH DEBIT EVERGY KS ELECTRIC', 140, 420),
  b('CHECK #{n}', 60, 2400),
  b('ACH DEBIT ADP PAYROLL', 3800, 9200),
  b('POS PURCHASE COSTCO WHSE #1121', 60, 620),
  b('ONLINE TRANSFER TO SAVINGS XXXX2291', 500, 2500),
  monthly('MONTHLY SERVICE FEE', 15, 15),
  b('ACH DEBIT IDEXX LABORATORIES', 300, 1800),
];

const US_PERSONAL = [
  b('PAYROLL DEP OCHSNER HEALTH', 1800, 2300, true),
  b('ZELLE FROM MARC THIBODEAUX', 40, 400, true),
  b('POS PURCHASE ROUSES MARKET #42', 25, 180),
  monthly('ACH DEBIT ENTERGY LOUISIANA', 90, 210),
  b('ATM WITHDRAWAL 1800 FLORIDA BLVD', 40, 200),
  b('CHECK #{n}', 50, 950),
  monthly('ACH DEBIT STATE FARM INSURANCE', 118, 118),
  b("POS PURCHASE CC'S COFFEE HOUSE", 4, 12),
  monthly('DIVIDEND', 0.3, 2.1, true),
];

export const BS_UK: StatementIssuer[] = [
  {
    key: 'a',
    locale: 'en-GB',
    party: { name: 'Thames Commercial Bank plc', address: ['PO Box 2041', 'Reading RG1 8TB'] },
    holder: { name: 'Ashdown Facilities Management Ltd', address: ['3 Forbury Square', 'Reading RG1 3BB'] },
    iban: 'GB29 TCBK 2045 7733 0198 42',
    accountNumber: '33019842',
    sortCode: '20-45-77',
    statementNumber: (seq) => String(seq),
    firstStatement: 38,
    conventions: conventions('en', 'en', 'GBP', 'symbol-before', 'dd-mon-yy'),
    accent: '#00467f',
    opening: [8000, 24000],
    bookings: UK_BUSINESS,
    count: [9, 16],
    amounts: 'columns',
    runningBalance: true,
  },
  {
    key: 'b',
    locale: 'en-GB',
    party: {
      name: 'Pennine Building Society',
      address: ['Pennine House, Wellington Street', 'Leeds LS1 4DL'],
    },
    holder: { name: 'Mr Daniel Carter', address: ['22 Otley Road', 'Leeds LS6 2AA'] },
    accountNumber: '60113874',
    sortCode: '09-01-28',
    statementNumber: (seq) => String(seq),
    firstStatement: 112,
    conventions: conventions('en', 'en', 'GBP', 'symbol-before', 'dd-mon-yy'),
    accent: '#5c2d91',
    opening: [900, 4200],
    bookings: UK_PERSONAL,
    count: [10, 16],
    amounts: 'columns',
    runningBalance: true,
  },
];

export const BS_DE: StatementIssuer[] = [
  {
    key: 'a',
    locale: 'de-DE',
    party: { name: 'Sparkasse Pleißeland', address: ['Markt 4', '04109 Leipzig'] },
    holder: { name: 'Kaffeerösterei Bohnenglück UG', address: ['Schillerstraße 9', '04109 Leipzig'] },
    iban: 'DE44 8605 5592 1090 2231 47',
    bank: { name: 'Sparkasse Pleißeland', bic: 'WELADE8LXXX' },
    statementNumber: (seq, year) => `${seq}/${year}`,
    firstStatement: 3,
    conventions: conventions('de', 'de', 'EUR', 'code-after', 'dmy-dot'),
    accent: '#e2001a',
    opening: [4000, 18000],
    bookings: DE_BOOKINGS,
    count: [10, 16],
    amounts: 'signed',
    runningBalance: false,
  },
  {
    key: 'b',
    locale: 'de-DE',
    party: { name: 'Volksbank Mittelsachsen eG', address: ['Bahnhofstraße 20', '09599 Freiberg'] },
    holder: { name: 'Autohaus Vogt e.K.', address: ['Industriestraße 44', '66111 Saarbrücken'] },
    iban: 'DE02 8709 6214 0321 7788 00',
    statementNumber: (seq, year) => `${seq}/${year}`,
    bank: { name: 'Volksbank Mittelsachsen eG', bic: 'GENODEF1FBG' },
    firstStatement: 7,
    signs: 'soll-haben',
    conventions: conventions('de', 'de', 'EUR', 'code-after', 'dmy-dot'),
    accent: '#0066b3',
    opening: [9000, 30000],
    bookings: DE_AUTOHAUS,
    count: [10, 15],
    amounts: 'signed',
    runningBalance: false,
    shortRowDates: true,
    longDoc: 1,
  },
];

export const BS_FR: StatementIssuer[] = [
  {
    key: 'a',
    locale: 'fr-FR',
    party: { name: 'Crédit Ligérien', address: ['14, quai de la Loire', '45000 Orléans'] },
    holder: { name: 'M. et Mme Julien Roussel', address: ['7, rue Berbisey', '21000 Dijon'] },
    iban: 'FR76 1480 6000 1270 0051 2345 678',
    statementNumber: (seq) => String(seq),
    firstStatement: 3,
    conventions: conventions('fr', 'fr', 'EUR', 'symbol-after', 'dmy-slash'),
    accent: '#2e7d32',
    opening: [600, 5200],
    bookings: FR_BOOKINGS,
    count: [10, 16],
    amounts: 'columns',
    runningBalance: false,
  },
  {
    key: 'b',
    locale: 'fr-FR',
    party: { name: 'Banque Mutuelle du Rhône', address: ['50, rue de la République', '69002 Lyon'] },
    holder: { name: 'Mme Camille Fabre', address: ['3, montée du Gourguillon', '69005 Lyon'] },
    iban: 'FR76 1027 8073 0000 0204 5780 119',
    statementNumber: (seq, year) => `${year}-${seq}`,
    firstStatement: 9,
    conventions: conventions('fr', 'fr', 'EUR', 'symbol-after', 'dmy-slash'),
    accent: '#ad1457',
    opening: [1200, 6400],
    bookings: FR_BOOKINGS,
    count: [10, 15],
    amounts: 'columns',
    runningBalance: false,
    shortRowDates: true,
  },
];

export const BS_US: StatementIssuer[] = [
  {
    key: 'a',
    locale: 'en-US',
    party: { name: 'First Prairie Bank, N.A.', address: ['200 E Douglas Avenue', 'Wichita, KS 67202'] },
    holder: { name: 'Tallgrass Veterinary Group, PLLC', address: ['4120 N Broadway', 'Wichita, KS 67219'] },
    accountNumber: '0048213377',
    firstStatement: 1,
    conventions: conventions('en', 'en', 'USD', 'symbol-before', 'mdy-slash', 'US'),
    accent: '#1b5e20',
    opening: [12000, 48000],
    bookings: US_BOOKINGS,
    count: [10, 16],
    amounts: 'columns',
    runningBalance: true,
    shortRowDates: true,
  },
  {
    key: 'b',
    locale: 'en-US',
    party: { name: 'Bayou Federal Credit Union', address: ['1800 Florida Blvd', 'Baton Rouge, LA 70802'] },
    holder: { name: 'Renee Thibodeaux', address: ['415 Lakeshore Drive', 'Baton Rouge, LA 70808'] },
    accountNumber: '7710452918',
    firstStatement: 1,
    conventions: conventions('en', 'en', 'USD', 'symbol-before', 'mdy-slash', 'US'),
    accent: '#4a148c',
    opening: [1500, 7000],
    bookings: US_PERSONAL,
    count: [10, 15],
    amounts: 'columns',
    runningBalance: true,
    shortRowDates: true,
  },
];
