import type { OcrWord } from './ocr-pool';

/** Repairs of single OCR'd words, before they are laid out in lines. */

/**
 * A word and the number after it, the space between them lost ("Hauptstraße12", "Till2", "TVA20%"):
 * parted again. Only a word of three small letters or more then digits (and a unit), or a word and
 * a rate: codes ("ER32", "5x50") and addresses of the web or mail (with their dots) stay as read.
 */
export function numberParted(w: OcrWord): OcrWord {
  const m = WORD_NUMBER.exec(w.text.trim()) ?? WORD_RATE.exec(w.text.trim());
  return m ? { ...w, text: `${m[1]} ${m[2]}` } : w;
}

const WORD_NUMBER = /^(\p{L}*\p{Ll}{3})(\d+\p{Ll}{0,2})$/u;
/** A tax's name and its rate ("TVA20%", "MwSt19%"): a rate is never part of a code. */
const WORD_RATE = /^(\p{L}{2,})(\d{1,2}(?:[.,]\d{1,2})?%)$/u;

/**
 * A table's border read into a word ("|Saco", "1|", "[Date"): the bar is cut off, and the word's
 * box with it (by its share of the letters), so that the border lies between the cells again.
 */
export function withoutBorders(w: OcrWord): OcrWord {
  const text = w.text.trim();
  // A bracket is a border too when it closes nothing ("[Date"), never in "[1]".
  const inner = text.replace(/^(?:[|¦]+|\[(?!.*\]))/, '').replace(/(?:[|¦]+|(?<!\[.*)\])$/, '');
  if (inner === text || inner === '') return w;
  const per = (w.bbox.x1 - w.bbox.x0) / text.length;
  const lead = text.indexOf(inner);
  const trail = text.length - lead - inner.length;
  return {
    ...w,
    text: inner,
    bbox: { ...w.bbox, x0: w.bbox.x0 + lead * per, x1: w.bbox.x1 - trail * per },
  };
}
