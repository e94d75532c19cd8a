/**
 * The offline extraction engine: readers (text, PDF text layer, OCR, DOCX, CSV) turn documents into
 * pages of positioned lines; the rule extractor finds values by their labels; the validator checks
 * the result against the structure's JSON Schema and cross-field rules.
 */
export { UnreadableDocumentError } from './errors';
export { createLlmExtractor, LlmExtractionError, type LlmExtractorOptions } from './llm-extractor';
export {
  detectConventions,
  type ParseContext,
  type Parsed,
  parseBoolean,
  parseDate,
  parseEnum,
  parseMoney,
  parseNumber,
  parseString,
} from './parse';
export { detectType, type ReadOptions, readDocument } from './read';
export { shutdownOcr } from './readers/image';
export { extractWithRules, ruleExtractor } from './rule-extractor';
export type * from './types';
export { entryStatusFor, validateExtraction } from './validate';
