import { getDb } from '@/lib/db/client';
import { createDeskApi } from '@/lib/desk/api-v1/app';

// The desk API (token-authenticated): lib/desk/api-v1, OpenAPI at /api/v1/openapi.json.
const app = createDeskApi(getDb);

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const handle = (request: Request) => app.fetch(request);

export { handle as GET, handle as POST };
