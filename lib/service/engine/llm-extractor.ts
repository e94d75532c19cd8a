import { normalizePointer } from './rule-extractor';
import type { ExtractionResult, Extractor, Line, ReadDocument, Source, StructureDefinition } from './types';

/**
 * Optional extraction backend: an OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, vLLM,
 * llama.cpp server, Ollama…) reads the documents' lines and fills the structure's JSON Schema.
 * The service configures it from EXTRACTION_LLM_URL (base URL, with or without /v1),
 * EXTRACTION_LLM_MODEL, EXTRACTION_LLM_API_KEY and EXTRACTION_LLM_TIMEOUT_MS and uses it only to
 * fill what the rules miss (`llm-fallback.ts`). Give `fallback` to fall back to another extractor
 * when the model cannot be reached or answers nonsense.
 */
export interface LlmExtractorOptions {
  url?: string;
  model?: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Used when the LLM call fails (network, HTTP error, unparseable answer). Without it, the error is thrown. */
  fallback?: Extractor;
  fetch?: typeof fetch;
  /** Most characters of document text sent (long documents are cut, with a note to the model). */
  maxChars?: number;
}

export class LlmExtractionError extends Error {
  override readonly name = 'LlmExtractionError';
}

/** Confidence of a value the model returned with a line we could find / without one. */
const CONFIDENCE_WITH_SOURCE = 0.75;
const CONFIDENCE_WITHOUT_SOURCE = 0.5;

export function chatCompletionsUrl(base: string): string {
  const url = base.replace(/\/+$/, '');
  if (url.endsWith('/chat/completions')) return url;
  if (url.endsWith('/v1')) return `${url}/chat/completions`;
  return `${url}/v1/chat/completions`;
}

interface LineRef {
  document: number;
  page: number;
  line: Line;
}

/** Numbers every line so the model can say where a value came from: "[d0 p1 l12] text". */
function documentText(
  documents: ReadDocument[],
  maxChars: number,
): { text: string; refs: Map<string, LineRef> } {
  const refs = new Map<string, LineRef>();
  const parts: string[] = [];
  let size = 0;
  let cut = false;
  documents.forEach((doc, d) => {
    parts.push(`=== Document ${d} (${doc.kind}${doc.filename ? `, ${doc.filename}` : ''}) ===`);
    for (const page of doc.pages) {
      page.lines.forEach((line, l) => {
        if (cut) return;
        const ref = `d${d} p${page.number} l${l + 1}`;
        const text = `[${ref}] ${line.spans.length > 1 ? line.spans.map((s) => s.text).join(' | ') : line.text}`;
        if (size + text.length > maxChars) {
          cut = true;
          return;
        }
        refs.set(ref, { document: d, page: page.number, line });
        parts.push(text);
        size += text.length + 1;
      });
    }
  });
  if (cut) parts.push('[… the rest of the documents was cut off …]');
  return { text: parts.join('\n'), refs };
}

function systemPrompt(): string {
  return [
    'You extract structured data from business documents.',
    'Each document line is prefixed with a reference like [d0 p1 l12] (document, page, line); " | " separates columns.',
    'Answer with one JSON object and nothing else: {"data": <object matching the JSON Schema>, "sources": {"<JSON Pointer into data>": "<line reference>"}}.',
    'Rules: copy values exactly as meant by the document; numbers as JSON numbers without currency symbols or thousands separators;',
    'dates as YYYY-MM-DD; omit a field you cannot find (never invent one); currency as an ISO 4217 code.',
  ].join(' ');
}

function parseAnswer(content: string): { data: Record<string, unknown>; sources: Record<string, unknown> } {
  const trimmed = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start < 0 || end < start) throw new LlmExtractionError('The model did not answer with a JSON object.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed.slice(start, end + 1));
  } catch {
    throw new LlmExtractionError('The model answered with invalid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new LlmExtractionError('The model did not answer with a JSON object.');
  }
  const obj = parsed as Record<string, unknown>;
  // Models sometimes skip the envelope and answer with the data itself.
  const data = obj.data && typeof obj.data === 'object' && !Array.isArray(obj.data) ? obj.data : obj;
  const sources = obj.sources && typeof obj.sources === 'object' ? obj.sources : {};
  return { data: stripUnsafe(data) as Record<string, unknown>, sources: sources as Record<string, unknown> };
}

/** Drops prototype-polluting keys from model output. */
function stripUnsafe(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripUnsafe);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
      out[k] = stripUnsafe(v);
    }
    return out;
  }
  return value;
}

function leafPointers(value: unknown, pointer = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPointers(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      leafPointers(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  }
  return value === null || value === undefined ? [] : [pointer];
}

export function createLlmExtractor(options: LlmExtractorOptions = {}): Extractor {
  // Settings come from the caller (the service reads them from its validated settings), not the environment.
  const base = options.url;
  const model = options.model;
  const apiKey = options.apiKey;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxChars = options.maxChars ?? 60_000;
  const doFetch = options.fetch ?? fetch;

  async function callModel(
    documents: ReadDocument[],
    structure: StructureDefinition,
  ): Promise<ExtractionResult> {
    if (!base || !model) {
      throw new LlmExtractionError('The LLM backend needs EXTRACTION_LLM_URL and EXTRACTION_LLM_MODEL.');
    }
    const { text, refs } = documentText(documents, maxChars);
    const body = {
      model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: systemPrompt() },
        {
          role: 'user',
          content: `Structure "${structure.name}" (JSON Schema):\n${JSON.stringify(structure.schema)}\n\nDocuments:\n${text}`,
        },
      ],
    };
    let response: Response;
    try {
      response = await doFetch(chatCompletionsUrl(base), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new LlmExtractionError(`The LLM endpoint could not be reached: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new LlmExtractionError(`The LLM endpoint answered HTTP ${response.status}.`);
    }
    const json = (await response.json().catch(() => null)) as {
      choices?: { message?: { content?: string | null } }[];
    } | null;
    const content = json?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new LlmExtractionError('The LLM answer had no message content.');
    const answer = parseAnswer(content);

    const sources: Record<string, Source> = {};
    const confidence: Record<string, number> = {};
    for (const pointer of leafPointers(answer.data)) {
      const rawRef = answer.sources[pointer] ?? answer.sources[pointer.slice(1)];
      const ref = typeof rawRef === 'string' ? refs.get(rawRef.replace(/^\[|\]$/g, '').trim()) : undefined;
      if (ref) {
        const synthetic = ['text', 'docx', 'csv'].includes(documents[ref.document].kind);
        sources[normalizePointer(pointer)] = {
          document: ref.document,
          page: ref.page,
          bbox: synthetic ? null : ref.line.bbox,
          text: ref.line.text,
        };
      }
      confidence[pointer] = ref ? CONFIDENCE_WITH_SOURCE : CONFIDENCE_WITHOUT_SOURCE;
    }
    return { data: answer.data, sources, confidence };
  }

  return {
    async extract(documents, structure) {
      try {
        return await callModel(documents, structure);
      } catch (error) {
        if (options.fallback && error instanceof LlmExtractionError)
          return options.fallback.extract(documents, structure);
        throw error;
      }
    },
  };
}
