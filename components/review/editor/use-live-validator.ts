'use client';

import { useEffect, useState } from 'react';
import type { LiveValidator } from '@/lib/review/problems';

/**
 * The service's validation (schema and cross-field rules, `lib/contract/validation`) compiled
 * for this schema in the browser. Loaded after the page is interactive: Ajv is not needed to
 * show the entry. Null until then, and when the schema is unknown or does not compile (the
 * service's own errors are shown instead).
 */
export function useLiveValidator(schema: Record<string, unknown> | null): LiveValidator | null {
  const [validator, setValidator] = useState<LiveValidator | null>(null);
  useEffect(() => {
    setValidator(null);
    if (!schema) return;
    let cancelled = false;
    import('@/lib/contract/validation')
      .then(({ compileSchema, rulesOf, validateData }) => {
        if (cancelled) return;
        const validate = compileSchema(schema);
        const rules = rulesOf(schema);
        setValidator(() => (data: Record<string, unknown>) => validateData(data, validate, rules));
      })
      .catch(() => {
        // A schema Ajv cannot compile here: the service's errors stay the reference.
      });
    return () => {
      cancelled = true;
    };
  }, [schema]);
  return validator;
}
