/** Bank statement layouts: British current account, German Kontoauszug, French relevé, US checking. */

import { addDays } from './formats';
import { a4Page, addressBlock, esc, lines, pairs } from './html';
import { BS_DE, BS_FR, BS_UK, BS_US } from './issuers-statement';
import { round2 } from './random';
import type { StatementLayout, StatementModel, Transaction } from './statement';

const sumOf = (ts: Transaction[], sign: 1 | -1) =>
  round2(ts.filter((t) => Math.sign(t.amount) === sign).reduce((s, t) => s + Math.abs(t.amount), 0));

const TABLE_CSS = (accent: string) => `
  .tx { width: 100%; } .tx th { text-align: left; padding: 4px 3px; border-bottom: 1.5px solid ${accent}; font-size: 8pt; }
  .tx th.r { text-align: right; } .tx td { padding: 3px; border-bottom: 0.5px solid #ddd; vertical-align: top; }
  .tx tr.carry td { font-weight: 700; background: #f4f4f4; }`;

/** Table rows; `right` lists the columns that hold amounts (right-aligned). */
function rows(cells: string[][], right: number[], classes: string[] = []): string {
  return cells
    .map(
      (row, i) =>
        `<tr class="${classes[i] ?? ''}">${row.map((c, j) => `<td${right.includes(j) ? ' class="r"' : ''}>${esc(c)}</td>`).join('')}</tr>`,
    )
    .join('');
}

/** British statement: summary box, "BALANCE BROUGHT/CARRIED FORWARD", paid out / paid in / balance. */
const bsUk: StatementLayout = {
  id: 'bs-uk-current',
  issuers: BS_UK,
  render(m: StatementModel) {
    const { fmt, issuer: s } = m;
    const day = (iso: string) => fmt.date(iso);
    const body = [
      [day(m.periodStart), 'BALANCE BROUGHT FORWARD', '', '', fmt.num(m.opening)],
      ...m.transactions.map((t) => [
        day(t.date),
        t.description,
        t.amount < 0 ? fmt.num(-t.amount) : '',
        t.amount > 0 ? fmt.num(t.amount) : '',
        fmt.num(t.balance),
      ]),
      [day(m.periodEnd), 'BALANCE CARRIED FORWARD', '', '', fmt.num(m.closing)],
    ];
    const classes = ['carry', ...m.transactions.map(() => ''), 'carry'];
    return a4Page(
      {
        lang: 'en-GB',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 8.8,
        css: `${TABLE_CSS(s.accent)}
        .top { display: flex; justify-content: space-between; } .bank { font-size: 16pt; font-weight: 700; color: ${s.accent}; }
        .acct td { padding: 1px 0 1px 8mm; } .acct td:first-child { color: #555; }
        .holder { margin: 8mm 0 6mm; } h2 { font-size: 12pt; margin: 0 0 1mm; color: ${s.accent}; }
        .summary { border: 1px solid ${s.accent}; margin: 4mm 0 6mm; min-width: 90mm; } .summary td { padding: 2px 6px; }
        .foot { margin-top: 8mm; font-size: 7pt; color: #666; }`,
      },
      `<div class="top"><div><div class="bank">${esc(s.party.name)}</div>${lines(s.party.address)}</div>
       ${pairs('acct', [
         ['Statement number', m.number ?? ''],
         ['Sort code', s.sortCode ?? ''],
         ['Account number', s.accountNumber ?? ''],
         ...(s.iban ? ([['IBAN', s.iban]] as [string, string][]) : []),
       ])}</div>
       <div class="holder">${addressBlock(s.holder, true)}</div>
       <h2>Your ${s.iban ? 'Business Current Account' : 'Everyday Saver'} statement</h2>
       <div>${esc(fmt.date(m.periodStart, 'long'))} to ${esc(fmt.date(m.periodEnd, 'long'))}</div>
       ${pairs('summary', [
         [`Balance on ${fmt.date(m.periodStart, 'long')}`, fmt.money(m.opening)],
         ['Money in', fmt.money(sumOf(m.transactions, 1))],
         ['Money out', fmt.money(sumOf(m.transactions, -1))],
         [`Balance on ${fmt.date(m.periodEnd, 'long')}`, fmt.money(m.closing)],
       ])}
       <table class="tx"><thead><tr><th>Date</th><th>Payment type and details</th><th class="r">Paid out</th><th class="r">Paid in</th><th class="r">Balance</th></tr></thead>
       <tbody>${rows(body, [2, 3, 4], classes)}</tbody></table>
       <div class="foot">${esc(s.party.name)} is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Please check this statement and tell us about any entry you do not recognise.</div>`,
    );
  },
};

/** German Kontoauszug: old and new balance lines, booking and value dates, one signed amount column. */
const bsDe: StatementLayout = {
  id: 'bs-de-kontoauszug',
  issuers: BS_DE,
  render(m) {
    const { fmt, issuer: s } = m;
    const sh = s.signs === 'soll-haben';
    const signed = (n: number) =>
      sh ? `${fmt.num(Math.abs(n))} ${n < 0 ? 'S' : 'H'}` : `${n > 0 ? '+' : ''}${fmt.num(n)}`;
    const day = (iso: string) => (s.shortRowDates ? fmt.date(iso).slice(0, 6) : fmt.date(iso));
    const body = m.transactions.map((t) => [day(t.date), day(t.valueDate), t.description, signed(t.amount)]);
    return a4Page(
      {
        lang: 'de-DE',
        font: '"DejaVu Sans", sans-serif',
        size: 8.4,
        css: `${TABLE_CSS(s.accent)}
        .bar { background: ${s.accent}; color: #fff; margin: 0 -18mm; padding: 5mm 18mm; display: flex; justify-content: space-between; align-items: center; }
        .bar .n { font-size: 15pt; font-weight: 700; } .head { display: flex; justify-content: space-between; margin: 8mm 0 5mm; }
        .info td { padding: 1px 0 1px 6mm; } .info td.r { text-align: left; } .info td:first-child { color: #555; padding-left: 0; }
        .bal { display: flex; justify-content: space-between; font-weight: 700; padding: 2mm 0; border-bottom: 1px solid #999; }
        .foot { margin-top: 8mm; font-size: 7pt; color: #555; }`,
      },
      `<div class="bar"><div class="n">${esc(s.party.name)}</div><div>Kontoauszug ${esc(m.number ?? '')} · Blatt 1</div></div>
       <div class="head"><div>${addressBlock(s.holder, true)}</div>
       ${pairs('info', [
         ['IBAN', s.iban ?? ''],
         ['BIC', s.bank?.bic ?? ''],
         ['Zeitraum', `${fmt.date(m.periodStart)} bis ${fmt.date(m.periodEnd)}`],
         ['Währung', s.conventions.currency],
       ])}</div>
       <div class="bal"><span>Alter Kontostand vom ${esc(fmt.date(addDays(m.periodStart, -1)))}</span><span>${esc(signed(m.opening))} EUR</span></div>
       <table class="tx"><thead><tr><th>Buchungstag</th><th>Wert</th><th>Erläuterung / Verwendungszweck</th><th class="r">Betrag EUR</th></tr></thead>
       <tbody>${rows(body, [3])}</tbody></table>
       <div class="bal"><span>Neuer Kontostand vom ${esc(fmt.date(m.periodEnd))}</span><span>${esc(signed(m.closing))} EUR</span></div>
       <div class="foot">Bitte erheben Sie Einwendungen gegen einzelne Buchungen unverzüglich. ${esc(s.party.name)}, ${esc(s.party.address.join(', '))}</div>`,
    );
  },
};

/** French relevé: previous balance row, débit / crédit columns, total of operations, new balance row. */
const bsFr: StatementLayout = {
  id: 'bs-fr-releve',
  issuers: BS_FR,
  render(m) {
    const { fmt, issuer: s } = m;
    const day = (iso: string) => (s.shortRowDates ? fmt.date(iso).slice(0, 5) : fmt.date(iso));
    const side = (n: number) => (n < 0 ? [fmt.num(-n), ''] : ['', fmt.num(n)]);
    const body = [
      ['', `SOLDE PRÉCÉDENT AU ${fmt.date(addDays(m.periodStart, -1))}`, '', ...side(m.opening)],
      ...m.transactions.map((t) => [day(t.date), t.description, day(t.valueDate), ...side(t.amount)]),
      ['', 'TOTAL DES OPÉRATIONS', '', fmt.num(sumOf(m.transactions, -1)), fmt.num(sumOf(m.transactions, 1))],
      [
        '',
        `NOUVEAU SOLDE ${m.closing < 0 ? 'DÉBITEUR' : 'CRÉDITEUR'} AU ${fmt.date(m.periodEnd)}`,
        '',
        ...side(m.closing),
      ],
    ];
    const classes = ['carry', ...m.transactions.map(() => ''), 'carry', 'carry'];
    return a4Page(
      {
        lang: 'fr-FR',
        font: '"Liberation Sans", Arial, sans-serif',
        size: 8.6,
        css: `${TABLE_CSS(s.accent)}
        .top { display: flex; justify-content: space-between; } .bank { font-size: 15pt; font-weight: 700; color: ${s.accent}; }
        .t { text-align: right; } .t b { font-size: 13pt; }
        .mid { display: flex; justify-content: space-between; margin: 8mm 0 6mm; } .holder { width: 80mm; }`,
      },
      `<div class="top"><div><div class="bank">${esc(s.party.name)}</div>${lines(s.party.address)}</div>
       <div class="t"><b>RELEVÉ DE COMPTE</b><br>Relevé n° ${esc(m.number ?? '')}<br>du ${esc(fmt.date(m.periodStart))} au ${esc(fmt.date(m.periodEnd))}</div></div>
       <div class="mid"><div>${lines([`Titulaire : ${s.holder.name}`, 'Compte de dépôt', `IBAN : ${s.iban}`, 'Devise : EUR'])}</div>
       <div class="holder">${addressBlock(s.holder, true)}</div></div>
       <table class="tx"><thead><tr><th>Date</th><th>Libellé</th><th>Valeur</th><th class="r">Débit</th><th class="r">Crédit</th></tr></thead>
       <tbody>${rows(body, [3, 4], classes)}</tbody></table>
       <p class="small muted">Sauf erreur ou omission. Conservez ce relevé, il vous sera utile.</p>`,
    );
  },
};

/** US checking statement: account summary box, withdrawals / deposits / balance, dates without year. */
const bsUs: StatementLayout = {
  id: 'bs-us-checking',
  issuers: BS_US,
  render(m) {
    const { fmt, issuer: s } = m;
    const day = (iso: string) => fmt.date(iso).slice(0, 5);
    const out = m.transactions.filter((t) => t.amount < 0);
    const inn = m.transactions.filter((t) => t.amount > 0);
    const body = m.transactions.map((t) => [
      day(t.date),
      t.description,
      t.amount < 0 ? fmt.num(-t.amount) : '',
      t.amount > 0 ? fmt.num(t.amount) : '',
      fmt.num(t.balance),
    ]);
    return a4Page(
      {
        lang: 'en-US',
        font: '"DejaVu Sans Condensed", "DejaVu Sans", sans-serif',
        size: 8.6,
        css: `${TABLE_CSS(s.accent)}
        .top { display: flex; justify-content: space-between; border-bottom: 2px solid ${s.accent}; padding-bottom: 3mm; }
        .bank { font-size: 15pt; font-weight: 700; color: ${s.accent}; } .meta td { padding: 1px 0 1px 6mm; } .meta td:first-child { font-weight: 700; }
        .holder { margin: 7mm 0; } h3 { margin: 0 0 2mm; color: ${s.accent}; font-size: 10pt; }
        .summary { margin-bottom: 6mm; min-width: 100mm; border: 1px solid #bbb; } .summary td { padding: 2px 6px; }
        .foot { margin-top: 8mm; font-size: 7pt; color: #666; text-align: center; }`,
      },
      `<div class="top"><div><div class="bank">${esc(s.party.name)}</div>${lines(s.party.address)}</div>
       ${pairs('meta', [
         ['Statement Period', `${fmt.date(m.periodStart)} - ${fmt.date(m.periodEnd)}`],
         ['Account Number', s.accountNumber ?? ''],
         ['Page', '1 of 1'],
       ])}</div>
       <div class="holder">${addressBlock(s.holder, true)}</div>
       <h3>${s.holder.name.includes(',') ? 'Business Checking' : 'Share Draft Checking'} - Account Summary</h3>
       ${pairs('summary', [
         ['Beginning Balance', fmt.money(m.opening)],
         [`Deposits and Other Credits (${inn.length})`, fmt.money(sumOf(inn, 1))],
         [`Withdrawals and Other Debits (${out.length})`, fmt.money(-sumOf(out, -1))],
         ['Ending Balance', fmt.money(m.closing)],
       ])}
       <h3>Transaction Detail</h3>
       <table class="tx"><thead><tr><th>Date</th><th>Description</th><th class="r">Withdrawals</th><th class="r">Deposits</th><th class="r">Balance</th></tr></thead>
       <tbody>${rows(body, [2, 3, 4])}</tbody></table>
       <div class="foot">Member FDIC. Equal Housing Lender. Report errors within 60 days of the statement date.</div>`,
    );
  },
};

export const STATEMENT_LAYOUTS = [bsUk, bsDe, bsFr, bsUs];
