import { createServiceApp } from '@/lib/service/app';
import { defaultServiceContext } from '@/lib/service/context';

// The local v3 service, mounted in the desk's server. The desk itself reaches it over HTTP.
const app = createServiceApp(defaultServiceContext);

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handle = (request: Request) => app.fetch(request);

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
