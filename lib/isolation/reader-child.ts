/**
 * A reader process (started by lib/isolation/reader-pool.ts): runs the readers that can explode
 * on hostile input — PDF rendering, OCR, DOCX, XLSX, ZIP — and the rules' search of what they
 * read (its time grows with the text) away from the server. One job at a
 * time; if a job makes it run out of memory or time, the pool kills it and only that document fails.
 */

import { unzipFiles } from '@/lib/desk/runs/unzip';
import type { ReaderFailure, ReaderRequest } from '@/lib/isolation/protocol';
import { UnreadableDocumentError } from '@/lib/service/engine/errors';
import { DocumentLimitError } from '@/lib/service/engine/limits';
import { inspectDocument, readDocument } from '@/lib/service/engine/read';
import { extractWithRules } from '@/lib/service/engine/rule-extractor';
import type { StructureDefinition } from '@/lib/service/engine/types';

function failureOf(error: unknown): ReaderFailure {
  if (error instanceof DocumentLimitError)
    return { kind: 'limit', message: error.message, pagesRead: error.pagesRead };
  if (error instanceof UnreadableDocumentError)
    return { kind: 'unreadable', message: error.message, pagesRead: error.pagesRead };
  if (error instanceof Error && error.name === 'UploadRefused')
    return { kind: 'refused', message: error.message, pagesRead: 0 };
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error), pagesRead: 0 };
}

/**
 * Structures as jobs brought them, by content: each job's copy is a new object, and the rules keep
 * what they derive from a structure (its labels' vocabulary…) per object.
 */
const structures = new Map<string, StructureDefinition>();
const MAX_STRUCTURES = 64;

function knownStructure(structure: StructureDefinition): StructureDefinition {
  const key = JSON.stringify(structure);
  const known = structures.get(key);
  if (known) return known;
  if (structures.size >= MAX_STRUCTURES) structures.clear();
  structures.set(key, structure);
  return structure;
}

async function run(request: ReaderRequest): Promise<unknown> {
  switch (request.op) {
    case 'ready':
      return true;
    case 'inspect':
      return inspectDocument(request.input, request.limits);
    case 'read':
      return readDocument(request.input, request.options);
    case 'extract':
      return extractWithRules(request.documents, knownStructure(request.structure));
    case 'unzip':
      return unzipFiles(request.zip, request);
  }
}

process.on('message', async (request: ReaderRequest) => {
  try {
    const value = await run(request);
    process.send?.({ id: request.id, ok: true, value }, undefined, {}, exitIfGone);
  } catch (error) {
    process.send?.({ id: request.id, ok: false, failure: failureOf(error) }, undefined, {}, exitIfGone);
  }
});
// The server went away (the answer could not be sent, or the channel closed): nothing is left to read for.
function exitIfGone(error: Error | null) {
  if (error) process.exit(0);
}
process.on('disconnect', () => process.exit(0));
