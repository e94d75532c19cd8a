import { env } from '@/lib/env';
import { createLlmExtractor, type Extractor } from '@/lib/service/engine';

let cached: { key: string; extractor: Extractor | null } | undefined;

/**
 * The optional language model from the validated environment (EXTRACTION_LLM_URL and _MODEL, and
 * _API_KEY and _TIMEOUT_MS): null when it is not configured, so extraction stays offline.
 */
export function configuredLlm(): Extractor | null {
  const { EXTRACTION_LLM_URL: url, EXTRACTION_LLM_MODEL: model, EXTRACTION_LLM_API_KEY: apiKey } = env();
  const timeoutMs = env().EXTRACTION_LLM_TIMEOUT_MS;
  const key = `${url}|${model}|${apiKey ? 'k' : ''}|${timeoutMs}`;
  if (cached?.key !== key) {
    cached = { key, extractor: url && model ? createLlmExtractor({ url, model, apiKey, timeoutMs }) : null };
  }
  return cached.extractor;
}
