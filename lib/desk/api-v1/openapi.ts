import { entryFilterTable } from '@/lib/desk/entry-filters';

const filterDescriptions: Record<string, string> = {
  q: 'Words that must all occur in the name, id, data or metadata values',
  status: 'Comma-separated entry statuses',
  review: 'Comma-separated review states: to_review, corrected, approved, rejected',
  deployment: 'Comma-separated deployment ids',
  run: 'A desk run id',
  batch: 'A service batch id',
  errors: 'with | without',
  from: 'Created on or after this UTC day (YYYY-MM-DD)',
  to: 'Created on or before this UTC day (YYYY-MM-DD)',
  by: 'Who made the last decision: system (routing) | person',
  assigned: "me (the token's user) | unassigned",
};

/** Query parameters of the list, from the filter table (one definition for the list, export and API). */
const filterParameters = entryFilterTable.map((f) => ({
  name: f.param,
  in: 'query',
  required: false,
  description: filterDescriptions[f.param],
  schema: { type: 'string' },
}));

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

const decision = {
  responses: {
    '200': {
      description: 'The decision recorded',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Decision' } } },
    },
    '400': error('Bad input (a rejection without a reason, an approval of an entry with errors without one)'),
    '401': error('Missing, unknown or revoked token'),
    '404': error('No such entry in the desk'),
    '409': error('The entry is still being extracted'),
  },
};

/** OpenAPI 3.1 of the desk API, served at /api/v1/openapi.json. */
export const deskOpenApi = {
  openapi: '3.1.0',
  info: {
    title: 'Emend desk API',
    version: '1.0.0',
    description:
      'Entries as the desk knows them (review state, final data, history) and review decisions. ' +
      'Authenticate with a personal API token (Settings → API tokens): `Authorization: Bearer emd_…`.',
  },
  servers: [{ url: '/' }],
  security: [{ bearer: [] }],
  paths: {
    '/api/v1/entries': {
      get: {
        summary: 'Entries matching the filters of the entries list, newest first',
        parameters: [
          ...filterParameters,
          {
            name: 'cursor',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'next_cursor of the previous page',
          },
          {
            name: 'limit',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          },
        ],
        responses: {
          '200': {
            description: 'A page of entries',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/EntryPage' } } },
          },
          '400': error('A malformed filter, cursor or limit'),
          '401': error('Missing, unknown or revoked token'),
        },
      },
    },
    '/api/v1/entries/{id}': {
      get: {
        summary: 'One entry: final data, errors, confidence and history',
        parameters: [idParam],
        responses: {
          '200': {
            description: 'The entry',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/EntryDetail' } } },
          },
          '401': error('Missing, unknown or revoked token'),
          '404': error('No such entry in the desk'),
        },
      },
    },
    '/api/v1/entries/{id}/approve': {
      post: { summary: 'Approve an entry', parameters: [idParam], ...decision },
    },
    '/api/v1/entries/{id}/reject': {
      post: {
        summary: 'Reject an entry with a reason',
        parameters: [idParam],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['reason'],
                properties: { reason: { type: 'string', minLength: 1, maxLength: 2000 } },
              },
            },
          },
        },
        ...decision,
      },
    },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Error: {
        type: 'object',
        required: ['error', 'message'],
        properties: {
          error: {
            type: 'string',
            enum: [
              'UNAUTHORIZED',
              'VALIDATION_ERROR',
              'NOT_FOUND',
              'NOT_READY',
              'PAYLOAD_TOO_LARGE',
              'INTERNAL_ERROR',
            ],
          },
          message: { type: 'string' },
        },
      },
      EntrySummary: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          deployment_id: { type: 'string', format: 'uuid' },
          batch_id: { type: ['string', 'null'], format: 'uuid' },
          document_name: { type: 'string' },
          status: { type: 'string' },
          review_state: { type: 'string', enum: ['to_review', 'corrected', 'approved', 'rejected'] },
          error_count: { type: 'integer' },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
      EntryPage: {
        type: 'object',
        properties: {
          entries: { type: 'array', items: { $ref: '#/components/schemas/EntrySummary' } },
          next_cursor: { type: ['string', 'null'] },
        },
      },
      EntryDetail: {
        allOf: [
          { $ref: '#/components/schemas/EntrySummary' },
          {
            type: 'object',
            properties: {
              updated_at: { type: 'string', format: 'date-time' },
              assigned_to: { type: ['string', 'null'], format: 'uuid' },
              data: { type: 'object', description: 'The final data (with every correction applied)' },
              errors: { type: ['array', 'null'] },
              confidence: { type: 'object' },
              history: {
                type: 'array',
                items: { type: 'object' },
                description: 'Corrections and decisions, newest first',
              },
            },
          },
        ],
      },
      Decision: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          entry_id: { type: 'string', format: 'uuid' },
          decision: { type: 'string', enum: ['approved', 'rejected'] },
          reason: { type: ['string', 'null'] },
          reviewer: { type: ['string', 'null'] },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};
