import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument, ruleExtractor } from './index';
import { chatCompletionsUrl, createLlmExtractor, LlmExtractionError } from './llm-extractor';

const invoice = seedDefinition('invoice');
const text = 'ACME GmbH\nInvoice No.: INV-7\nTotal due: 1.234,50 EUR';

/** A fake OpenAI-compatible server: answers with whatever the test queued. */
let server: Server;
let baseUrl: string;
const requests: { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
let reply: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      requests.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const chat = (content: string) => ({
  status: 200,
  body: { choices: [{ message: { role: 'assistant', content } }] },
});

describe('LLM extractor (OpenAI-compatible)', () => {
  it('builds the endpoint URL from a base with or without /v1', () => {
    expect(chatCompletionsUrl('http://h:1')).toBe('http://h:1/v1/chat/completions');
    expect(chatCompletionsUrl('http://h:1/v1/')).toBe('http://h:1/v1/chat/completions');
    expect(chatCompletionsUrl('http://h:1/v1/chat/completions')).toBe('http://h:1/v1/chat/completions');
  });

  it('sends the schema and numbered lines, and maps the answer with its sources', async () => {
    reply = chat(
      '```json\n{"data": {"invoice_number": "INV-7", "total": 1234.5, "currency": "EUR"}, "sources": {"/invoice_number": "d0 p1 l2", "/total": "[d0 p1 l3]"}}\n```',
    );
    const extractor = createLlmExtractor({ url: baseUrl, model: 'test-model', apiKey: 'k-123' });
    const doc = await readDocument({ text });
    const result = await extractor.extract([doc], invoice);
    const request = requests.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer k-123');
    expect(request.body.model).toBe('test-model');
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[1].content).toContain('[d0 p1 l2] Invoice No.: INV-7');
    expect(messages[1].content).toContain('"invoice_number"');
    expect(result.data).toEqual({ invoice_number: 'INV-7', total: 1234.5, currency: 'EUR' });
    expect(result.sources['/invoice_number']).toEqual({
      document: 0,
      page: 1,
      bbox: null,
      text: 'Invoice No.: INV-7',
    });
    expect(result.sources['/total'].text).toBe('Total due: 1.234,50 EUR');
    expect(result.confidence).toEqual({ '/invoice_number': 0.75, '/total': 0.75, '/currency': 0.5 });
  });

  it('drops prototype-polluting keys from the answer', async () => {
    reply = chat('{"data": {"__proto__": {"polluted": true}, "total": 1}}');
    const result = await createLlmExtractor({ url: baseUrl, model: 'm' }).extract(
      [await readDocument({ text })],
      invoice,
    );
    expect(result.data).toEqual({ total: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports HTTP errors and nonsense clearly, or falls back to the rule engine', async () => {
    const doc = await readDocument({ text });
    reply = { status: 500, body: { error: 'boom' } };
    await expect(createLlmExtractor({ url: baseUrl, model: 'm' }).extract([doc], invoice)).rejects.toThrow(
      new LlmExtractionError('The LLM endpoint answered HTTP 500.'),
    );
    reply = chat('I am sorry, I cannot help with that.');
    await expect(createLlmExtractor({ url: baseUrl, model: 'm' }).extract([doc], invoice)).rejects.toThrow(
      /JSON object/,
    );
    const withFallback = createLlmExtractor({ url: baseUrl, model: 'm', fallback: ruleExtractor });
    const result = await withFallback.extract([doc], invoice);
    expect(result.data).toMatchObject({ invoice_number: 'INV-7', total: 1234.5 });
  });

  it('needs a URL and a model', async () => {
    const doc = await readDocument({ text });
    await expect(createLlmExtractor({ url: '', model: '' }).extract([doc], invoice)).rejects.toThrow(
      /EXTRACTION_LLM_URL/,
    );
  });
});
