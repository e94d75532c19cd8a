/**
 * Manifest of the held-out evaluation corpus: the shape the accuracy bench reads. Each entry is the
 * training corpus' `CorpusEntry` plus the document's language and a stable issuer id (documents of one
 * issuer share identity, letterhead and layout, so pairs A/B measure learning from corrections).
 */
import type { CorpusEntry, CorpusFormat } from '../generate';

export type Language = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl' | 'pt';

/** The training formats plus `txt`: plain text with columns separated by runs of spaces. */
export type HeldOutFormat = CorpusFormat | 'txt';

export interface HeldOutEntry extends Omit<CorpusEntry, 'files' | 'heldOut'> {
  heldOut: true;
  language: Language;
  issuer: string;
  /** Paths relative to the manifest's folder. */
  files: Partial<Record<HeldOutFormat, string>>;
}

export interface HeldOutManifest {
  generatedAt: string;
  seed: number;
  entries: HeldOutEntry[];
}
