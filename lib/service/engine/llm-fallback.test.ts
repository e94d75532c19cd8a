import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDefinition } from '@/lib/service/structures';
import { readDocument } from './index';
import { createLlmExtractor } from './llm-extractor';
import { fillWithLlm, weakFields } from './llm-fallback';
import { extractWithRules, setAtPointer } from './rule-extractor';

const invoice = seedDefinition('invoice');
// "Our ref." is no label the rules know: the invoice number is left to the model.
const text = 'Kestrel Analytics Pty Ltd\n\nOur ref.  KA-77\nIssued    2 March 2026\nTotal due: A$1,234.50';

/** A local OpenAI-compatible fake: answers with what the test queued, or after a delay. */
let server: Server;
let baseUrl: string;
let reply: { delayMs?: number; status?: number; content: string } = { content: '{}' };
let calls = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls++;
      setTimeout(() => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: reply.content } }] }));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const run = async (timeoutMs = 5000) => {
  const doc = await readDocument({ text });
  const ruled = extractWithRules([doc], invoice);
  const errors: string[] = [];
  const llm = createLlmExtractor({ url: baseUrl, model: 'fake', timeoutMs });
  const filled = await fillWithLlm([doc], invoice, ruled, llm, (e) => errors.push(e.message));
  return { ruled, filled, errors };
};

describe('the LLM as a fallback for what the rules miss', () => {
  it('fills a missing field with a value found in the text, and says where and how', async () => {
    reply = {
      content: JSON.stringify({
        data: { invoice_number: 'KA-77', total: 1234.5, buyer: { name: 'Invented Ltd' } },
      }),
    };
    const { ruled, filled, errors } = await run();
    expect(weakFields(invoice, ruled)).toContain('/invoice_number');
    expect(ruled.data.invoice_number).toBeUndefined();
    expect(filled.data.invoice_number).toBe('KA-77');
    expect(filled.sources['/invoice_number']).toMatchObject({ method: 'llm', text: 'KA-77', page: 1 });
    expect(filled.confidence['/invoice_number']).toBeLessThan(0.7);
    // The rules' confident total stays theirs; a name printed nowhere is never taken.
    expect(filled.sources['/total'].method).toBeUndefined();
    expect((filled.data.buyer as Record<string, unknown> | undefined)?.name).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('keeps the rules result when the model answers nonsense', async () => {
    for (const content of ['I cannot help with that.', '{"data": {"invoice_number": ', '[1, 2, 3]']) {
      reply = { content };
      const { ruled, filled, errors } = await run();
      expect(filled).toEqual(ruled);
      expect(errors).toHaveLength(1);
    }
    reply = { status: 500, content: 'x' };
    const failed = await run();
    expect(failed.filled).toEqual(failed.ruled);
    expect(failed.errors[0]).toMatch(/HTTP 500/);
  });

  it('gives up on a slow model after its timeout and keeps the rules result', async () => {
    reply = { delayMs: 3000, content: JSON.stringify({ data: { invoice_number: 'KA-77' } }) };
    const started = Date.now();
    const { ruled, filled, errors } = await run(300);
    expect(Date.now() - started).toBeLessThan(2500); // generous bound: the timeout, not the model, decided
    expect(filled).toEqual(ruled);
    expect(errors[0]).toMatch(/could not be reached/);
  });

  it('does not call the model when every field is read with confidence', async () => {
    const before = calls;
    const doc = await readDocument({ text });
    const ruled = extractWithRules([doc], invoice);
    const sure = { ...ruled, data: structuredClone(ruled.data), confidence: { ...ruled.confidence } };
    for (const p of Object.keys(invoice.hints.fields)) {
      setAtPointer(sure.data, p, 'x');
      sure.confidence[p] = 1;
    }
    await fillWithLlm([doc], invoice, sure, createLlmExtractor({ url: baseUrl, model: 'fake' }));
    expect(calls).toBe(before);
  });
});
