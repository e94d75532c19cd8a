import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@/lib/contract/error-codes';
import { openApiDocument } from '@/lib/service/openapi';

// docs/v3-interface.md is the contract in words; /v3/openapi.json is the same contract for
// machines. They must not drift apart: every route and every error code is in both.
const doc = fs.readFileSync(path.join(import.meta.dirname, '../../docs/v3-interface.md'), 'utf8');

describe('docs/v3-interface.md', () => {
  const paths = Object.entries(openApiDocument().paths as Record<string, Record<string, unknown>>);

  it.each(paths.flatMap(([route, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), route])))(
    'describes %s %s',
    (method, route) => {
      expect(doc).toContain(`\`${method} ${route}\``);
    },
  );

  it.each(errorCodes.map((code) => [code]))('describes the error code %s', (code) => {
    expect(doc).toMatch(new RegExp(`\\| \\d{3} \\| \`${code}\` \\|`));
  });
});
