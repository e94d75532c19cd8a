import { errorBodySchema } from '@/lib/contract/error-codes';
import {
  asyncRequestSchema,
  asyncResponseSchema,
  base64DocumentSchema,
  batchCreatedSchema,
  batchProgressSchema,
  batchRequestSchema,
  correctionRequestSchema,
  correctionResponseSchema,
  deploymentListSchema,
  entrySchema,
  structureVersionSchema,
  syncRequestSchema,
  uploadedDocumentSchema,
} from '@/lib/contract/schemas';

/** The named schemas of /v3/openapi.json, from the same zod schemas the client and the service use. */
export const openApiComponents = {
  SyncRequest: syncRequestSchema,
  AsyncRequest: asyncRequestSchema,
  AsyncResponse: asyncResponseSchema,
  BatchRequest: batchRequestSchema,
  BatchCreated: batchCreatedSchema,
  BatchProgress: batchProgressSchema,
  Entry: entrySchema,
  CorrectionRequest: correctionRequestSchema,
  CorrectionResponse: correctionResponseSchema,
  UploadJson: base64DocumentSchema,
  UploadedDocument: uploadedDocumentSchema,
  DeploymentList: deploymentListSchema,
  StructureVersion: structureVersionSchema,
  Error: errorBodySchema,
} as const;

type ComponentName = keyof typeof openApiComponents;

/** One OpenAPI path item: method → operation. */
export type OpenApiPaths = Record<string, Record<string, unknown>>;

export const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
export const json = (name: ComponentName) => ({ content: { 'application/json': { schema: ref(name) } } });
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { description: 'Error', ...json('Error') }]));
export const uuidParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
});
export const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', maxLength: 255 },
};
export const tenantHeader = {
  name: 'X-Tenant-ID',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 64 },
};

/**
 * A POST that processes documents against the deployment in its path (sync, async or batch): it
 * takes an idempotency key and a tenant, and answers `status` with `answer` or one of `errorCodes`.
 */
export function processingOperation(operation: {
  summary: string;
  request: ComponentName;
  status: 200 | 202;
  description: string;
  answer: ComponentName;
  errorCodes: number[];
}) {
  return {
    summary: operation.summary,
    parameters: [uuidParam('deployment_id'), idempotencyHeader, tenantHeader],
    requestBody: { required: true, ...json(operation.request) },
    responses: {
      [String(operation.status)]: { description: operation.description, ...json(operation.answer) },
      ...errors(...operation.errorCodes),
    },
  };
}
