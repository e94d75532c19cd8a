/** Bank-statement label wordings per language (see common.ts for the split). */
import { w } from '../model';
import type { LabelSet } from './common';

export const BANK_LABELS: LabelSet<
  | 'title'
  | 'holder'
  | 'iban'
  | 'period'
  | 'to'
  | 'opening'
  | 'closing'
  | 'currency'
  | 'date'
  | 'valueDate'
  | 'desc'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'balance'
  | 'totals'
  | 'reference'
  | 'note'
> = {
  title: {
    en: w(
      ['Account statement', 'STATEMENT OF ACCOUNT', 'Bank statement'],
      ['Statement', 'Current account statement'],
    ),
    de: w(['Kontoauszug', 'KONTOAUSZUG'], ['Kontoauszug Girokonto', 'Finanzstatus']),
    fr: w(['Relevé de compte', 'RELEVÉ DE COMPTE'], ['Extrait de compte', 'Relevé bancaire']),
    es: w(['Extracto de cuenta', 'EXTRACTO'], ['Extracto bancario', 'Movimientos de cuenta']),
    it: w(['Estratto conto', 'ESTRATTO CONTO'], ['Lista movimenti', 'Estratto conto corrente']),
    nl: w(['Rekeningafschrift', 'Afschrift'], ['Bankafschrift', 'Overzicht rekening']),
    pt: w(['Extrato de conta', 'EXTRATO'], ['Extrato bancário', 'Extrato integrado']),
  },
  holder: {
    en: w(['Account holder', 'Account name'], ['Account owner', 'Prepared for']),
    de: w(['Kontoinhaber', 'Inhaber'], ['Kontoinhaberin', 'Name']),
    fr: w(['Titulaire du compte', 'Titulaire'], ['Titulaire(s)', 'Client']),
    es: w(['Titular', 'Titular de la cuenta'], ['Titular(es)', 'Cliente']),
    it: w(['Intestatario', 'Intestato a'], ['Titolare', 'Cliente']),
    nl: w(['Rekeninghouder', 'Ten name van'], ['T.n.v.', 'Naam']),
    pt: w(['Titular', 'Titular da conta'], ['Cliente', 'Nome']),
  },
  iban: {
    en: w(['IBAN'], ['IBAN']),
    de: w(['IBAN'], ['IBAN']),
    fr: w(['IBAN'], ['IBAN']),
    es: w(['IBAN'], ['IBAN']),
    it: w(['IBAN'], ['Codice IBAN']),
    nl: w(['IBAN', 'Rekeningnummer'], ['Rekening']),
    pt: w(['IBAN'], ['IBAN']),
  },
  period: {
    en: w(['Statement period', 'Period'], ['For the period']),
    de: w(['Zeitraum', 'Auszugszeitraum'], ['Abrechnungszeitraum']),
    fr: w(['Période', 'Période du relevé'], ['Relevé du']),
    es: w(['Periodo', 'Periodo del extracto'], ['Fechas']),
    it: w(['Periodo', 'Periodo di riferimento'], ['Dal']),
    nl: w(['Periode', 'Afschriftperiode'], ['Over de periode']),
    pt: w(['Período', 'Período do extrato'], ['De']),
  },
  to: {
    en: w(['to', '–', '-'], ['to', '–']),
    de: w(['bis', '–', '-'], ['bis', '–']),
    fr: w(['au', '–'], ['au', '-']),
    es: w(['al', 'a', '–'], ['al', '-']),
    it: w(['al', '–'], ['al', '-']),
    nl: w(['t/m', 'tot en met', '–'], ['t/m', '-']),
    pt: w(['a', '–'], ['até', '-']),
  },
  opening: {
    en: w(['Opening balance', 'Previous balance'], ['Balance brought forward', 'Beginning balance']),
    de: w(['Alter Kontostand', 'Anfangssaldo', 'Saldo alt'], ['Kontostand am Beginn', 'Vortrag']),
    fr: w(['Ancien solde', 'Solde initial', 'Solde précédent'], ['Solde au début', 'Solde reporté']),
    es: w(['Saldo anterior', 'Saldo inicial'], ['Saldo de apertura', 'Saldo a inicio']),
    it: w(['Saldo iniziale', 'Saldo precedente'], ['Saldo contabile iniziale', 'Saldo al']),
    nl: w(['Beginsaldo', 'Vorig saldo', 'Oud saldo'], ['Saldo begin', 'Saldo vorig afschrift']),
    pt: w(['Saldo inicial', 'Saldo anterior'], ['Saldo de abertura', 'Saldo transitado']),
  },
  closing: {
    en: w(['Closing balance', 'New balance'], ['Ending balance', 'Balance carried forward']),
    de: w(['Neuer Kontostand', 'Endsaldo', 'Saldo neu'], ['Kontostand am Ende', 'Schlusssaldo']),
    fr: w(['Nouveau solde', 'Solde final'], ['Solde au', 'Solde créditeur']),
    es: w(['Saldo final', 'Nuevo saldo'], ['Saldo de cierre', 'Saldo actual']),
    it: w(['Saldo finale', 'Saldo contabile finale'], ['Nuovo saldo', 'Saldo disponibile']),
    nl: w(['Eindsaldo', 'Nieuw saldo'], ['Saldo einde', 'Nieuw saldo per']),
    pt: w(['Saldo final', 'Novo saldo'], ['Saldo contabilístico', 'Saldo atual']),
  },
  currency: {
    en: w(['Currency', 'Account currency'], ['Currency']),
    de: w(['Währung', 'Kontowährung'], ['Währung']),
    fr: w(['Devise', 'Devise du compte'], ['Monnaie']),
    es: w(['Moneda', 'Divisa'], ['Moneda']),
    it: w(['Valuta', 'Divisa'], ['Divisa conto']),
    nl: w(['Valuta', 'Munteenheid'], ['Valuta']),
    pt: w(['Moeda', 'Divisa'], ['Moeda da conta']),
  },
  date: {
    en: w(['Date', 'Booking date'], ['Posting date', 'Trans. date']),
    de: w(['Buchungstag', 'Datum', 'Buchung'], ['Buchungsdatum', 'Bu-Tag']),
    fr: w(['Date', 'Date opération'], ['Date opé.', 'Date comptable']),
    es: w(['Fecha', 'F. operación'], ['Fecha operación', 'F. contable']),
    it: w(['Data', 'Data contabile'], ['Data operazione', 'Data reg.']),
    nl: w(['Datum', 'Boekdatum'], ['Boekingsdatum', 'Transactiedatum']),
    pt: w(['Data', 'Data mov.'], ['Data lanc.', 'Data operação']),
  },
  valueDate: {
    en: w(['Value date', 'Value'], ['Val. date', 'Effective date']),
    de: w(['Valuta', 'Wert'], ['Wertstellung', 'Valutadatum']),
    fr: w(['Date valeur', 'Valeur'], ['Val.', 'Date de valeur']),
    es: w(['F. valor', 'Fecha valor'], ['Valor', 'Fecha valoración']),
    it: w(['Valuta', 'Data valuta'], ['Data val.', 'Val.']),
    nl: w(['Valutadatum', 'Rentedatum'], ['Valuta', 'Val.datum']),
    pt: w(['Data valor', 'Valor'], ['Data-valor', 'D. valor']),
  },
  desc: {
    en: w(['Description', 'Details'], ['Transaction details', 'Particulars']),
    de: w(['Verwendungszweck', 'Buchungstext', 'Vorgang'], ['Erläuterung', 'Umsatz']),
    fr: w(['Libellé', 'Nature de l’opération', 'Opération'], ['Détail', 'Libellé de l’opération']),
    es: w(['Concepto', 'Descripción'], ['Movimiento', 'Detalle']),
    it: w(['Descrizione', 'Causale', 'Descrizione operazione'], ['Dettaglio', 'Movimento']),
    nl: w(['Omschrijving', 'Mededelingen'], ['Naam / Omschrijving', 'Tegenrekening']),
    pt: w(['Descrição', 'Descritivo'], ['Movimento', 'Detalhe']),
  },
  debit: {
    en: w(['Debit', 'Withdrawals', 'Paid out'], ['Money out', 'Debits']),
    de: w(['Soll', 'Belastung', 'Lastschrift'], ['Ausgang', 'Soll EUR']),
    fr: w(['Débit', 'Débits'], ['Montant débit', 'Sorties']),
    es: w(['Cargo', 'Debe', 'Cargos'], ['Salidas', 'Importe cargo']),
    it: w(['Dare', 'Addebiti', 'Uscite'], ['Addebito', 'Importo dare']),
    nl: w(['Af', 'Debet'], ['Bij/Af: Af', 'Uitgaven']),
    pt: w(['Débito', 'Débitos'], ['Saída', 'Valor a débito']),
  },
  credit: {
    en: w(['Credit', 'Deposits', 'Paid in'], ['Money in', 'Credits']),
    de: w(['Haben', 'Gutschrift'], ['Eingang', 'Haben EUR']),
    fr: w(['Crédit', 'Crédits'], ['Montant crédit', 'Entrées']),
    es: w(['Abono', 'Haber', 'Abonos'], ['Entradas', 'Importe abono']),
    it: w(['Avere', 'Accrediti', 'Entrate'], ['Accredito', 'Importo avere']),
    nl: w(['Bij', 'Credit'], ['Bij/Af: Bij', 'Ontvangsten']),
    pt: w(['Crédito', 'Créditos'], ['Entrada', 'Valor a crédito']),
  },
  amount: {
    en: w(['Amount'], ['Amount', 'Transaction amount']),
    de: w(['Betrag', 'Umsatz'], ['Betrag EUR', 'Betrag']),
    fr: w(['Montant'], ['Montant', 'Somme']),
    es: w(['Importe'], ['Importe', 'Cantidad']),
    it: w(['Importo'], ['Importo', 'Movimento']),
    nl: w(['Bedrag'], ['Bedrag', 'Bij/Af']),
    pt: w(['Montante', 'Valor'], ['Montante', 'Importância']),
  },
  balance: {
    en: w(['Balance'], ['Running balance']),
    de: w(['Saldo', 'Kontostand'], ['Saldo']),
    fr: w(['Solde'], ['Solde']),
    es: w(['Saldo'], ['Saldo']),
    it: w(['Saldo'], ['Saldo']),
    nl: w(['Saldo'], ['Saldo na boeking']),
    pt: w(['Saldo'], ['Saldo contab.']),
  },
  totals: {
    en: w(['Total', 'Totals'], ['Turnover', 'Total movements']),
    de: w(['Summe', 'Umsatzsumme'], ['Summe Umsätze', 'Gesamt']),
    fr: w(['Total des opérations', 'Totaux'], ['Total', 'Total mouvements']),
    es: w(['Total movimientos', 'Totales'], ['Suma', 'Total']),
    it: w(['Totale movimenti', 'Totali'], ['Totale', 'Somme']),
    nl: w(['Totaal', 'Totalen'], ['Totaal mutaties', 'Som']),
    pt: w(['Total', 'Totais'], ['Total movimentos', 'Soma']),
  },
  reference: {
    en: w(['Ref.', 'Reference'], ['Ref', 'Ref. no.']),
    de: w(['Ref.', 'EREF:', 'Mandat'], ['KREF', 'Referenz']),
    fr: w(['Réf.', 'Référence'], ['REF', 'Réf. :']),
    es: w(['Ref.', 'Referencia'], ['Ref:', 'Nº ref.']),
    it: w(['Rif.', 'Riferimento'], ['CRO', 'Rif:']),
    nl: w(['Kenmerk', 'Ref.'], ['Referentie', 'Betalingskenm.']),
    pt: w(['Ref.ª', 'Referência'], ['Ref.', 'Ref:']),
  },
  note: {
    en: w(['Please check this statement and report any discrepancies within 30 days.']),
    de: w(['Bitte prüfen Sie Ihren Kontoauszug. Einwendungen sind innerhalb von sechs Wochen zu erheben.']),
    fr: w(['Veuillez vérifier ce relevé et nous signaler toute anomalie.']),
    es: w(['Compruebe este extracto y comunique cualquier discrepancia.']),
    it: w(['Si prega di verificare l’estratto conto e segnalare eventuali discordanze entro 60 giorni.']),
    nl: w(['Controleer dit afschrift en meld verschillen binnen 30 dagen.']),
    pt: w(['Verifique este extrato e comunique qualquer divergência.']),
  },
};
