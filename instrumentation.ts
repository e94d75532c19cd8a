export async function register() {
  // Node runtime only: the database, PGlite and the service's workers cannot run elsewhere.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request: route handlers learn the socket's address from this (lib/http/client-ip.ts).
    const { installSocketAddressHeader } = await import('@/lib/http/client-ip');
    installSocketAddressHeader();
    const { bootstrap } = await import('@/lib/bootstrap');
    await bootstrap();
  }
}
