import type { DocumentLimits } from '@/lib/service/engine/limits';
import type { Inspection, ReadOptions } from '@/lib/service/engine/read';
import type {
  ExtractionResult,
  ReadDocument,
  ReaderInput,
  StructureDefinition,
} from '@/lib/service/engine/types';

/** What the server asks a reader process to do, and what each job answers. */
export type ReaderJob =
  | { op: 'ready' }
  | { op: 'inspect'; input: ReaderInput; limits: DocumentLimits }
  | { op: 'read'; input: ReaderInput; options: ReadOptions }
  | { op: 'extract'; documents: ReadDocument[]; structure: StructureDefinition }
  | { op: 'unzip'; zip: Uint8Array; budgetBytes: number; maxFileBytes: number; limits: DocumentLimits };

export type UnzippedFile = { name: string; bytes: Uint8Array };

export interface ReaderAnswers {
  ready: true;
  inspect: Inspection;
  read: ReadDocument;
  extract: ExtractionResult;
  unzip: UnzippedFile[];
}

/** An error crosses the process boundary as its kind, message and the pages already read. */
export interface ReaderFailure {
  kind: 'unreadable' | 'limit' | 'refused' | 'internal';
  message: string;
  pagesRead: number;
}

export type ReaderRequest = { id: number } & ReaderJob;
export type ReaderReply = { id: number } & (
  | { ok: true; value: unknown }
  | { ok: false; failure: ReaderFailure }
);
