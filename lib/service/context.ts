import { type BlobStore, blobStoreFor } from '@/lib/blobs';
import { type Db, getDb } from '@/lib/db/client';
import { env, usesEmbeddedService } from '@/lib/env';
import type { DocumentLimits } from '@/lib/service/engine/limits';
import type { JobQueue } from '@/lib/service/jobs/queue';

/** What the service's routes and jobs need; tests build their own. */
export interface ServiceContext {
  db: Db;
  blobs: BlobStore;
  /** Hosts that may be fetched or called back although they resolve to private addresses. */
  allowHosts: string[];
  /** Hosts webhooks may be sent to although they are private: the allow-list. */
  webhookAllowHosts: string[];
  /**
   * This server's own port on loopback, where the desk's receiver is: only the desk's own
   * account (the one its API key belongs to) may send webhooks there, never another key's holder.
   */
  deskWebhookHosts?: string[];
  /** The account of the desk's API key, when the desk is this server's client. */
  deskAccountId?: () => Promise<string | null>;
  /** Requests per account per minute. */
  rateLimitPerMinute: number;
  /** The job queue; null where no workers run (then async and batch answer 503). */
  queue: JobQueue | null;
  /** Jobs waiting beyond which processing POSTs answer 503. */
  maxQueueDepth: number;
  /** What one document may cost (pages, OCR, pixels, archives, time); unset: the EMEND_MAX_* settings. */
  limits?: DocumentLimits;
}

const holder = globalThis as typeof globalThis & {
  __emendServiceQueue?: JobQueue;
  __emendDeskAccount?: () => Promise<string | null>;
};

/**
 * Set by the composition root (lib/bootstrap.ts) when the desk in this server is the embedded
 * service's client: how to find the desk's account. The service itself knows nothing of the desk.
 */
export function registerDeskAccount(find: () => Promise<string | null>): void {
  holder.__emendDeskAccount = find;
}

/** Set once the workers have started (instrumentation, `npm run service`, `npm run worker`). */
export function registerServiceQueue(queue: JobQueue): void {
  holder.__emendServiceQueue = queue;
}

export function registeredServiceQueue(): JobQueue | null {
  return holder.__emendServiceQueue ?? null;
}

export function parseHostList(value: string): string[] {
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export async function defaultServiceContext(): Promise<ServiceContext> {
  return {
    db: await getDb(),
    blobs: blobStoreFor('service'),
    allowHosts: parseHostList(env().SERVICE_URL_ALLOW_HOSTS),
    webhookAllowHosts: parseHostList(env().SERVICE_URL_ALLOW_HOSTS),
    deskWebhookHosts: usesEmbeddedService() ? [`127.0.0.1:${env().PORT}`, `localhost:${env().PORT}`] : [],
    deskAccountId: holder.__emendDeskAccount,
    rateLimitPerMinute: env().SERVICE_RATE_LIMIT_PER_MINUTE,
    queue: registeredServiceQueue(),
    maxQueueDepth: env().SERVICE_MAX_QUEUE_DEPTH,
  };
}
