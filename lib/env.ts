import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '@/lib/service/engine/limits';
import {
  DEFAULT_OCR_PAGE_SEG_MODE,
  DEFAULT_OCR_PDF_SCALE,
  MAX_OCR_WORKERS,
  OCR_LANGUAGES,
  type OcrSettings,
} from '@/lib/service/engine/readers/ocr-settings';

/** Every setting Emend reads from the environment, validated once. README lists them. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** Embedded PGlite lives under this folder, with uploaded files and the auth secret. */
  EMEND_DATA_DIR: z.string().default('./data'),
  /** PostgreSQL instead of the embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** Base address of the v3 service (paths carry /v3). Unset: the service mounted in this server. */
  EXTRACTION_API_URL: z.string().url().optional(),
  /** API key for EXTRACTION_API_URL. Unset with the embedded service: the desk provisions its own. */
  EXTRACTION_API_KEY: z.string().min(1).optional(),
  /** Password of the first admin (admin@emend.local); unset: a random one is printed once. */
  EMEND_ADMIN_PASSWORD: z.string().min(8).optional(),
  EMEND_ADMIN_EMAIL: z.string().email().default('admin@emend.local'),
  /** Seed demo entries on first start (set to 0 to start empty). */
  EMEND_SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** Hosts the service may fetch or call back even though they resolve to private addresses. */
  SERVICE_URL_ALLOW_HOSTS: z.string().default(''),
  SERVICE_WEBHOOK_BACKOFF_MS: z.coerce.number().int().nonnegative().default(2000),
  /** Hosts the desk's own webhooks (Settings → Webhooks) may call although they are private. */
  EMEND_WEBHOOK_ALLOW_HOSTS: z.string().default(''),
  /** Base delay of the desk's webhook retries (exponential, with jitter). */
  EMEND_WEBHOOK_BACKOFF_MS: z.coerce.number().int().nonnegative().default(2000),
  SERVICE_PORT: z.coerce.number().int().positive().default(4000),
  /** Requests per API account per minute before the service answers 429. */
  SERVICE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Queued jobs beyond which the service answers 503 to new processing requests. */
  SERVICE_MAX_QUEUE_DEPTH: z.coerce.number().int().positive().default(10_000),
  /** A job still running after this long is taken to have died with its worker, and retried. */
  SERVICE_JOB_EXPIRE_SECONDS: z.coerce.number().int().positive().default(900),
  /** How often the queue looks for such jobs, and the sweeper for lost work. */
  SERVICE_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().positive().default(60),
  /** Proxies (addresses or CIDRs) whose X-Forwarded-For is believed for the client address. */
  EMEND_TRUSTED_PROXIES: z.string().default(''),
  /** Address the extraction service calls back (webhooks); unset: http://127.0.0.1:$PORT. */
  EMEND_PUBLIC_URL: z.string().url().optional(),
  /** Limits of one document (issue 11): each refused with DOCUMENT_TOO_LARGE. */
  EMEND_MAX_DOCUMENT_PAGES: z.coerce.number().int().positive().default(DEFAULT_DOCUMENT_LIMITS.maxPages),
  EMEND_MAX_OCR_PAGES: z.coerce.number().int().nonnegative().default(DEFAULT_DOCUMENT_LIMITS.maxOcrPages),
  EMEND_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(DEFAULT_DOCUMENT_LIMITS.maxPixels),
  EMEND_MAX_INFLATED_MB: z.coerce
    .number()
    .positive()
    .default(DEFAULT_DOCUMENT_LIMITS.maxInflatedBytes / 1024 / 1024),
  EMEND_MAX_COMPRESSION_RATIO: z.coerce
    .number()
    .positive()
    .default(DEFAULT_DOCUMENT_LIMITS.maxCompressionRatio),
  EMEND_MAX_ARCHIVE_ENTRIES: z.coerce
    .number()
    .int()
    .positive()
    .default(DEFAULT_DOCUMENT_LIMITS.maxArchiveEntries),
  EMEND_DOCUMENT_TIME_BUDGET_SECONDS: z.coerce
    .number()
    .positive()
    .default(DEFAULT_DOCUMENT_LIMITS.timeBudgetMs / 1000),
  /** Reader processes (PDF, OCR, DOCX, XLSX, ZIP run there, never in the server) and the memory each may use. */
  EMEND_READER_PROCESSES: z.coerce.number().int().positive().max(16).default(2),
  EMEND_READER_MEMORY_MB: z.coerce.number().int().min(256).default(1024),
  /** all: pages, API and jobs in one process; web: pages and API (enqueues only); worker: jobs only. */
  EMEND_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** Connections of this process's PostgreSQL pool (the job queue keeps a few more of its own). */
  EMEND_DB_POOL: z.coerce.number().int().min(1).max(1000).default(10),
  /** Entry-processing and webhook-delivery workers of this process's job queue. */
  SERVICE_ENTRY_WORKERS: z.coerce.number().int().min(1).max(256).default(2),
  SERVICE_WEBHOOK_WORKERS: z.coerce.number().int().min(1).max(256).default(4),
  /** On SIGTERM/SIGINT, how long in-flight jobs may take before they are handed back and the process exits. */
  EMEND_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /** Documents in this S3-compatible bucket instead of EMEND_DATA_DIR/blobs (several servers share it). */
  EMEND_S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The store's address for MinIO, R2, Ceph…; unset: AWS S3. Credentials: the standard AWS variables. */
  EMEND_S3_ENDPOINT: z.string().url().optional(),
  EMEND_S3_REGION: z.string().default('us-east-1'),
  /** 1: path-style addresses (endpoint/bucket/key), as most self-hosted stores need. */
  EMEND_S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  /**
   * Days documents (both sides' files, finished entries' inputs), finished webhook deliveries and
   * job history are kept; unset: kept for ever. Entries and corrections are always kept.
   */
  EMEND_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /** pino levels: fatal, error, warn, info, debug, trace, silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Optional OpenAI-compatible endpoint that fills fields the rules miss or read with low confidence. */
  EXTRACTION_LLM_URL: z.string().url().optional(),
  EXTRACTION_LLM_MODEL: z.string().min(1).optional(),
  EXTRACTION_LLM_API_KEY: z.string().min(1).optional(),
  /** How long one model call may take before the rules' result is kept as it is. */
  EXTRACTION_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** OCR model: `auto` (English, then the page's language when another is detected) or one of them. */
  EXTRACTION_OCR_LANGUAGE: z.enum(['auto', ...OCR_LANGUAGES]).default('auto'),
  /** OCR workers of one reader process (each holds a ~100 MB model); unset: the cores less one, 1 to 4. */
  OCR_WORKERS: z.coerce.number().int().min(1).max(MAX_OCR_WORKERS).optional(),
  /** Tesseract page segmentation mode; 3 (automatic layout analysis) reads the corpus best. */
  OCR_PSM: z.coerce.number().int().min(0).max(13).default(DEFAULT_OCR_PAGE_SEG_MODE),
  /** Render scale of scanned PDF pages for OCR, × 72 dpi (2.5: 180 dpi). */
  OCR_PDF_SCALE: z.coerce.number().min(1).max(6).default(DEFAULT_OCR_PDF_SCALE),
});

export type Env = z.infer<typeof envSchema>;

/** The names of every setting, for the check that README and .env.example document them all. */
export const settingNames = Object.keys(envSchema.shape) as (keyof Env)[];

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    // An empty variable (`DATABASE_URL=`) means "not set", as shells and .env files use it.
    const set = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
    const parsed = envSchema.safeParse(set);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join('\n')}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function dataDir(): string {
  return path.resolve(env().EMEND_DATA_DIR);
}

/** Where the desk reaches the v3 service; the embedded one is this very server. */
export function extractionApiUrl(): string {
  return env().EXTRACTION_API_URL ?? `http://127.0.0.1:${env().PORT}`;
}

/** Whether this process runs the service's jobs (EMEND_ROLE all or worker). */
export function runsJobs(): boolean {
  return env().EMEND_ROLE !== 'web';
}

export function usesEmbeddedService(): boolean {
  return !env().EXTRACTION_API_URL;
}

/** What one document may cost the engine, from the EMEND_MAX_* settings. */
export function documentLimits(): DocumentLimits {
  const e = env();
  return {
    maxPages: e.EMEND_MAX_DOCUMENT_PAGES,
    maxOcrPages: e.EMEND_MAX_OCR_PAGES,
    maxPixels: e.EMEND_MAX_IMAGE_PIXELS,
    maxInflatedBytes: Math.round(e.EMEND_MAX_INFLATED_MB * 1024 * 1024),
    maxCompressionRatio: e.EMEND_MAX_COMPRESSION_RATIO,
    maxArchiveEntries: e.EMEND_MAX_ARCHIVE_ENTRIES,
    timeBudgetMs: Math.round(e.EMEND_DOCUMENT_TIME_BUDGET_SECONDS * 1000),
  };
}

/** How the engine's OCR runs, from the EXTRACTION_OCR_LANGUAGE and OCR_* settings. */
export function ocrSettings(): OcrSettings {
  const e = env();
  return {
    language: e.EXTRACTION_OCR_LANGUAGE,
    workers: e.OCR_WORKERS,
    pageSegMode: e.OCR_PSM,
    pdfScale: e.OCR_PDF_SCALE,
  };
}
