import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db/client';
import { getSetting } from '@/lib/desk/settings';
import { env, extractionApiUrl } from '@/lib/env';
import { createExtractionClient, type ExtractionClient } from '@/lib/extraction-api/client';
import { currentRequestId } from '@/lib/log';

/** Settings key of the API key the desk provisioned for itself on the embedded service. */
export const EMBEDDED_KEY_SETTING = 'embedded_service_api_key';

export class ServiceNotConfiguredError extends Error {}

/** The desk's API key: EXTRACTION_API_KEY, else the one it provisioned on the embedded service. */
export async function deskApiKey(): Promise<string | null> {
  return env().EXTRACTION_API_KEY ?? (await getSetting<string>(await getDb(), EMBEDDED_KEY_SETTING));
}

/** The desk's client for the configured v3 service (EXTRACTION_API_URL/KEY, or the embedded one). */
export async function deskClient(): Promise<ExtractionClient> {
  const apiKey = await deskApiKey();
  if (!apiKey) {
    throw new ServiceNotConfiguredError(
      'No API key for the extraction service: set EXTRACTION_API_KEY (or start with the embedded service).',
    );
  }
  // Each call carries the id of the desk request or loop pass it belongs to, else one of its own.
  return createExtractionClient({
    baseUrl: extractionApiUrl(),
    apiKey,
    requestId: () => currentRequestId() ?? randomUUID(),
  });
}
