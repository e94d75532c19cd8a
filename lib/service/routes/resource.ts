import type { Hono } from 'hono';
import type { Account } from '@/lib/service/accounts';
import type { ServiceContext } from '@/lib/service/context';
import type { Caller } from '@/lib/service/entries';
import type { OpenApiPaths } from '@/lib/service/routes/openapi-parts';

/** What the auth middleware puts on every request's context. */
export type ServiceEnv = { Variables: { account: Account; caller: Caller } };

export type ServiceApp = Hono<ServiceEnv>;
export type ContextSource = () => Promise<ServiceContext>;

/**
 * One resource of the v3 service: its handlers and, beside them, their OpenAPI paths, so a
 * route cannot be added without its contract (tests/service/openapi-routes.test.ts checks).
 */
export interface ServiceRoutes {
  paths: OpenApiPaths;
  register(app: ServiceApp, context: ContextSource): void;
}
