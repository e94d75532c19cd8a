import { deskClient, ServiceNotConfiguredError } from '@/lib/desk/api';
import { ExtractionApiError } from '@/lib/extraction-api/errors';

export interface HealthCheck {
  reachable: boolean;
  latencyMs: number | null;
  detail: string;
}

const TIMEOUT_MS = 3_000;

/**
 * One timed call through the desk's client: GET /v3/deployments (an extension; a service
 * without it answers 404, which still proves it is up). Any v3 answer below 500 counts as
 * reachable; no answer within 3 s does not.
 */
export async function checkServiceHealth(): Promise<HealthCheck> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const client = await deskClient();
    const listed = await Promise.race([
      client.listDeployments(),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new ExtractionApiError('TIMEOUT', `No answer within ${TIMEOUT_MS / 1000} s.`, 0)),
          TIMEOUT_MS,
        ),
      ),
    ]);
    return {
      reachable: true,
      latencyMs: elapsed(),
      detail: `${listed.deployments.length} deployment${listed.deployments.length === 1 ? '' : 's'}`,
    };
  } catch (error) {
    if (error instanceof ServiceNotConfiguredError) {
      return { reachable: false, latencyMs: null, detail: 'No API key configured.' };
    }
    if (error instanceof ExtractionApiError && error.status > 0 && error.status < 500) {
      return {
        reachable: true,
        latencyMs: elapsed(),
        detail:
          error.status === 404
            ? 'Up (no deployment list extension).'
            : `Up, answered ${error.status} (${error.code}).`,
      };
    }
    return {
      reachable: false,
      latencyMs: null,
      detail: error instanceof ExtractionApiError ? `${error.message} (${error.code})` : 'Unreachable.',
    };
  }
}

export function ServiceHealth({ health }: { health: HealthCheck }) {
  return (
    <div className="flex items-start gap-3">
      <span
        aria-hidden
        className={`mt-1.5 inline-block h-2.5 w-2.5 rounded-full ${health.reachable ? 'bg-green-500' : 'bg-red-500'}`}
      />
      <div>
        <p className="text-lg font-semibold text-gray-900">
          <span>{health.reachable ? 'Reachable' : 'Unreachable'}</span>
          {health.latencyMs !== null && (
            <span className="ml-2 text-sm font-normal text-gray-600 tabular-nums">{health.latencyMs} ms</span>
          )}
        </p>
        <p className="text-sm text-gray-600">{health.detail}</p>
      </div>
    </div>
  );
}
