import { z } from 'zod';

/**
 * Every body of the v3 interface (docs/v3-interface.md), written once:
 * the desk's client parses responses with them and the local service validates requests
 * and builds its OpenAPI document from them.
 */

export const LIMITS = {
  base64Chars: 70_000_000,
  textChars: 1_000_000,
  urlBytes: 50 * 1024 * 1024,
  documentsPerRequest: 20,
  batchItems: 100,
  mimeTypeChars: 100,
  filenameChars: 255,
  tenantIdChars: 64,
} as const;

const metadata = z.record(z.string(), z.unknown()).nullable().optional();

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as it appears in a path: checked before it reaches a database that would reject it. */
export function isUuid(value: string): boolean {
  return uuidText.test(value);
}
const uuid = z.string().uuid();

export const urlDocumentSchema = z.object({
  // Besides `url`, file-type values such as `pdf` or `png` are accepted for URL documents.
  type: z.string().regex(/^[a-z0-9]{1,16}$/),
  url: z.string().min(1).max(4096),
  metadata,
});
export const base64DocumentSchema = z.object({
  type: z.literal('base64').optional(),
  content: z.string().min(1).max(LIMITS.base64Chars),
  mime_type: z.string().max(LIMITS.mimeTypeChars).nullable().optional(),
  filename: z.string().min(1).max(LIMITS.filenameChars).nullable().optional(),
  metadata,
});
export const textDocumentSchema = z.object({
  type: z.literal('text').optional(),
  text: z.string().max(LIMITS.textChars),
  metadata,
});
export const idDocumentSchema = z.object({
  type: z.literal('id').optional(),
  id: uuid,
  metadata,
});

/**
 * A document input. `type` defaults from the fields present (text, base64, id); any
 * other `type` value is a URL document.
 */
export const documentInputSchema = z.union([
  textDocumentSchema.extend({ type: z.literal('text').optional() }).strict(),
  base64DocumentSchema.strict(),
  idDocumentSchema.strict(),
  urlDocumentSchema.strict(),
]);
export type DocumentInput = z.infer<typeof documentInputSchema>;

export const documentsSchema = z.array(documentInputSchema).min(1).max(LIMITS.documentsPerRequest);

export const webhookConfigSchema = z.object({
  url: z.string().url().max(2048),
  secret: z.string().max(256).nullable().optional(),
  incremental: z.boolean().optional(),
});
export type WebhookConfig = z.infer<typeof webhookConfigSchema>;

export const syncRequestSchema = z.object({ documents: documentsSchema, metadata });
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export const asyncRequestSchema = z.object({
  documents: documentsSchema,
  webhook: webhookConfigSchema.optional(),
  metadata,
});
export type AsyncRequest = z.infer<typeof asyncRequestSchema>;

export const batchItemSchema = z.object({ documents: documentsSchema, metadata });
export const batchRequestSchema = z.object({
  requests: z.array(batchItemSchema).min(1).max(LIMITS.batchItems),
  webhook: webhookConfigSchema,
});
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export const finalEntryStatuses = ['completed', 'completed_with_errors', 'failed'] as const;
export const entryStatuses = ['pending', 'processing', ...finalEntryStatuses] as const;
export const entryStatusSchema = z.enum(entryStatuses);
export type EntryStatus = z.infer<typeof entryStatusSchema>;

export const validationErrorItemSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

export const bboxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export const sourceSchema = z.object({
  /** Index of the document in the request. */
  document: z.number().int().nonnegative(),
  /** 1-based page number. */
  page: z.number().int().positive(),
  /** [x, y, width, height] as fractions of the page (0..1, origin top left). */
  bbox: bboxSchema.nullable(),
  text: z.string(),
  /**
   * How the value was found when not by the structure's rules: `learned` from a correction of an
   * earlier document of the same issuer, `llm` by the optional language model. Absent: rules.
   */
  method: z.enum(['learned', 'llm']).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

export const processedDocumentSchema = z.object({
  type: z.string(),
  filename: z.string().nullable(),
  mime_type: z.string().nullable(),
  pages: z.number().int().nonnegative(),
  sha256: z.string().nullable(),
});
export type ProcessedDocument = z.infer<typeof processedDocumentSchema>;

export const patchSchema = z.object({ path: z.string(), value: z.unknown() });
export type Patch = z.infer<typeof patchSchema>;

export const correctionRecordSchema = z.object({
  id: uuid,
  created_at: z.string(),
  notes: z.string().nullable(),
  patches: z.array(patchSchema),
  data_replaced: z.boolean(),
});
export type CorrectionRecord = z.infer<typeof correctionRecordSchema>;

export const entrySchema = z.object({
  entry_id: uuid,
  resource_type: z.literal('structure'),
  resource_id: uuid,
  resource_version_number: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  errors: z.array(validationErrorItemSchema).nullable(),
  status: entryStatusSchema,
  time_ms: z.number().int().nonnegative(),
  price: z.number().nonnegative(),
  deployment_id: uuid,
  batch_id: uuid.nullable(),
  item_index: z.number().int().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  documents: z.array(processedDocumentSchema),
  sources: z.record(z.string(), sourceSchema),
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  created_at: z.string(),
  updated_at: z.string(),
  corrected: z.boolean(),
  corrections: z.array(correctionRecordSchema),
});
export type Entry = z.infer<typeof entrySchema>;

export const asyncResponseSchema = z.object({
  entry_id: uuid,
  status: z.literal('pending'),
  resource_type: z.literal('structure'),
  resource_id: uuid,
  resource_version_number: z.number().int(),
  created_at: z.string(),
});
export type AsyncResponse = z.infer<typeof asyncResponseSchema>;

export const batchStatuses = ['pending', 'processing', 'completed', 'failed'] as const;

export const batchCreatedSchema = z.object({
  batch_id: uuid,
  status: z.enum(batchStatuses),
  total_items: z.number().int(),
  resource_type: z.literal('structure'),
  resource_id: uuid,
  resource_version_number: z.number().int(),
  created_at: z.string(),
});
export type BatchCreated = z.infer<typeof batchCreatedSchema>;

export const batchItemProgressSchema = z.object({
  index: z.number().int(),
  status: entryStatusSchema,
  entry_id: uuid.nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  errors: z.array(validationErrorItemSchema).nullable(),
});

export const failedWebhookSchema = z.object({
  webhook_id: uuid,
  event: z.string(),
  status: z.string(),
  attempt_count: z.number().int(),
  http_status: z.number().int().nullable(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  item_metadata: z.record(z.string(), z.unknown()).nullable(),
});

export const batchProgressSchema = batchCreatedSchema.extend({
  deployment_id: uuid,
  completed_items: z.number().int(),
  failed_items: z.number().int(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  items: z.array(batchItemProgressSchema),
  failed_webhooks: z.array(failedWebhookSchema),
});
export type BatchProgress = z.infer<typeof batchProgressSchema>;

export const correctionRequestSchema = z.object({
  data: z.record(z.string(), z.unknown()).optional(),
  patches: z.array(patchSchema).optional(),
  notes: z.string().max(10_000).nullable().optional(),
});
export type CorrectionRequest = z.infer<typeof correctionRequestSchema>;

export const correctionResponseSchema = z.object({
  entry_id: uuid,
  patches_applied: z.number().int().nonnegative(),
  /** Fields whose corrected value was found in the document: their place is remembered for the issuer. */
  learned_fields: z.array(z.string()).optional(),
});
export type CorrectionResponse = z.infer<typeof correctionResponseSchema>;

export const uploadedDocumentSchema = z.object({
  id: uuid,
  filename: z.string().nullable(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  pages: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;

export const deploymentSummarySchema = z.object({
  id: uuid,
  name: z.string(),
  resource_id: uuid,
  version: z.number().int(),
});
export const deploymentListSchema = z.object({ deployments: z.array(deploymentSummarySchema) });
export type DeploymentSummary = z.infer<typeof deploymentSummarySchema>;

export const structureVersionSchema = z.object({
  resource_id: uuid,
  version: z.number().int(),
  name: z.string(),
  schema: z.record(z.string(), z.unknown()),
});
export type StructureVersion = z.infer<typeof structureVersionSchema>;
