import { z } from 'zod';
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

const components = {
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

type ComponentName = keyof typeof components;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName) => ({ content: { 'application/json': { schema: ref(name) } } });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [String(s), { description: 'Error', ...json('Error') }]));
const uuidParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
});
const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', maxLength: 255 },
};
const tenantHeader = {
  name: 'X-Tenant-ID',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 64 },
};

let cached: Record<string, unknown> | undefined;

/** OpenAPI 3.1 of the service, generated from the same zod schemas the client and the service use. */
export function openApiDocument(): Record<string, unknown> {
  cached ??= {
    openapi: '3.1.0',
    info: { title: 'Emend local extraction service', version: '3.0.0' },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { bearer: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: Object.fromEntries(
        Object.entries(components).map(([name, schema]) => [
          name,
          z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
        ]),
      ),
    },
    paths: {
      '/v3/deployments/{deployment_id}': {
        post: {
          summary: 'Process synchronously',
          parameters: [uuidParam('deployment_id'), idempotencyHeader, tenantHeader],
          requestBody: { required: true, ...json('SyncRequest') },
          responses: {
            '200': { description: 'The entry', ...json('Entry') },
            ...errors(400, 401, 402, 404, 413, 415, 422, 429, 503),
          },
        },
      },
      '/v3/deployments/{deployment_id}/async': {
        post: {
          summary: 'Process asynchronously',
          parameters: [uuidParam('deployment_id'), idempotencyHeader, tenantHeader],
          requestBody: { required: true, ...json('AsyncRequest') },
          responses: {
            '202': { description: 'Accepted', ...json('AsyncResponse') },
            ...errors(400, 401, 402, 404, 422, 429, 503),
          },
        },
      },
      '/v3/deployments/{deployment_id}/batch': {
        post: {
          summary: 'Process a batch',
          parameters: [uuidParam('deployment_id'), idempotencyHeader, tenantHeader],
          requestBody: { required: true, ...json('BatchRequest') },
          responses: {
            '200': { description: 'Batch created', ...json('BatchCreated') },
            ...errors(400, 401, 402, 404, 422, 429, 503),
          },
        },
      },
      '/v3/batches/{batch_id}': {
        get: {
          summary: 'Batch progress',
          parameters: [uuidParam('batch_id'), tenantHeader],
          responses: { '200': { description: 'Progress', ...json('BatchProgress') }, ...errors(401, 404) },
        },
      },
      '/v3/entries/{entry_id}': {
        get: {
          summary: 'Get an entry',
          parameters: [uuidParam('entry_id'), tenantHeader],
          responses: { '200': { description: 'The entry', ...json('Entry') }, ...errors(401, 404) },
        },
      },
      '/v3/entries/{entry_id}/correction': {
        post: {
          summary: 'Correct an entry',
          parameters: [uuidParam('entry_id'), tenantHeader],
          requestBody: { required: true, ...json('CorrectionRequest') },
          responses: {
            '200': { description: 'Applied', ...json('CorrectionResponse') },
            ...errors(401, 404, 422),
          },
        },
      },
      '/v3/documents': {
        post: {
          summary: 'Upload a document',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
              },
              'application/json': { schema: ref('UploadJson') },
            },
          },
          responses: {
            '201': { description: 'Stored', ...json('UploadedDocument') },
            ...errors(401, 413, 415, 422),
          },
        },
      },
      '/v3/deployments': {
        get: {
          summary: 'List deployments (extension)',
          responses: { '200': { description: 'Deployments', ...json('DeploymentList') }, ...errors(401) },
        },
      },
      '/v3/structures/{resource_id}/versions/{version}': {
        get: {
          summary: 'A structure version (extension)',
          parameters: [
            uuidParam('resource_id'),
            { name: 'version', in: 'path', required: true, schema: { type: 'integer' } },
          ],
          responses: {
            '200': { description: 'The structure', ...json('StructureVersion') },
            ...errors(401, 404),
          },
        },
      },
    },
  };
  return cached;
}
