export async function register() {
  // Node runtime only: the database, PGlite and the service's workers cannot run elsewhere.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { bootstrap } = await import('@/lib/bootstrap');
    await bootstrap();
  }
}
