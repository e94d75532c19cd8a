export const runtime = 'nodejs';

/**
 * The webhook address of runs submitted with webhooks switched off: it refuses every
 * delivery, so the service records the failures (they show on the run page) and the desk's
 * reconciler polls the run to its end — the path a desk the service cannot reach takes.
 */
export async function POST() {
  return Response.json(
    {
      ok: false,
      error: 'WEBHOOKS_OFF',
      message: 'Webhooks are switched off for this run; the desk polls the service instead.',
    },
    { status: 410 },
  );
}
