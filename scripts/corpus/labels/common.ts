/**
 * Label wordings of the training corpus, per document language: data, not code. Each field has
 * `w(train, heldOut)`: the held-out wordings are printed only by layouts marked `heldOut`.
 */
import type { Language } from '../locales';
import { type Wordings, w } from '../model';

export type { Wordings };
export type PerLanguage = Record<Language, Wordings>;
export type LabelSet<K extends string> = Record<K, PerLanguage>;

/** Words the layouts print around the table of a long document and in page footers. */
export const LAYOUT_WORDS: Record<
  Language,
  { carried: string; broughtForward: string; page: string; of: string; pos: string }
> = {
  en: { carried: 'Carried forward', broughtForward: 'Brought forward', page: 'Page', of: 'of', pos: 'Pos.' },
  de: { carried: 'Übertrag', broughtForward: 'Übertrag', page: 'Seite', of: 'von', pos: 'Pos.' },
  fr: { carried: 'À reporter', broughtForward: 'Report', page: 'Page', of: 'sur', pos: 'N°' },
  es: { carried: 'Suma y sigue', broughtForward: 'Suma anterior', page: 'Página', of: 'de', pos: 'Nº' },
  it: { carried: 'A riportare', broughtForward: 'Riporto', page: 'Pagina', of: 'di', pos: 'N.' },
  nl: { carried: 'Transport', broughtForward: 'Transport', page: 'Pagina', of: 'van', pos: 'Nr.' },
  pt: { carried: 'A transportar', broughtForward: 'Transporte', page: 'Página', of: 'de', pos: 'N.º' },
};

/** Column headers shared by the commercial documents (invoice, order). */
export const COLUMN_LABELS = {
  pos: {
    en: w(['#', 'Pos.', 'No.'], ['Line', 'Item']),
    de: w(['Pos.', 'Pos', 'Nr.'], ['Position', 'Lfd. Nr.']),
    fr: w(['N°', 'Réf.', 'Ligne'], ['#', 'Pos.']),
    es: w(['Nº', 'Línea', 'Pos.'], ['#', 'Núm.']),
    it: w(['N.', 'Riga', 'Pos.'], ['#', 'Nr.']),
    nl: w(['Nr.', 'Regel', 'Pos.'], ['#', 'Volgnr.']),
    pt: w(['N.º', 'Linha', 'Pos.'], ['#', 'Item']),
  },
  unit: {
    en: w(['Unit', 'UoM'], ['Unit of measure', 'U/M']),
    de: w(['Einheit', 'ME'], ['Mengeneinheit', 'Einh.']),
    fr: w(['Unité', 'U.'], ['Unité de mesure', 'Un.']),
    es: w(['Unidad', 'Ud.'], ['U. medida', 'Uds.']),
    it: w(['U.M.', 'Unità'], ['Um', 'Unità di misura']),
    nl: w(['Eenheid', 'Eh.'], ['Maateenheid', 'Eenh.']),
    pt: w(['Unid.', 'Unidade'], ['UN', 'Un.']),
  },
  vatRate: {
    en: w(['VAT %', 'Tax %'], ['VAT rate', 'Tax rate']),
    de: w(['MwSt. %', 'USt.-Satz'], ['MwSt.-Satz', 'USt. %']),
    fr: w(['TVA %', 'Taux TVA'], ['Tx TVA', 'TVA (%)']),
    es: w(['% IVA', 'IVA %'], ['Tipo IVA', 'IVA (%)']),
    it: w(['IVA %', 'Aliquota IVA'], ['Aliq.', 'Cod. IVA']),
    nl: w(['BTW %', 'BTW-tarief'], ['Btw', 'Tarief']),
    pt: w(['IVA %', 'Taxa IVA'], ['Taxa', 'IVA (%)']),
  },
};

/** Units a line may be counted in (the "Unit" column), per language. */
export const UNITS: Record<Language, string[]> = {
  en: ['pcs', 'h', 'ea', 'box', 'set'],
  de: ['Stk.', 'Std.', 'Stück', 'Pkt.', 'Satz'],
  fr: ['pce', 'h', 'u.', 'lot', 'boîte'],
  es: ['ud.', 'h', 'uds.', 'caja', 'juego'],
  it: ['pz', 'h', 'nr', 'conf.', 'kit'],
  nl: ['st.', 'uur', 'stuks', 'doos', 'set'],
  pt: ['un.', 'h', 'cx', 'kit', 'pç'],
};
