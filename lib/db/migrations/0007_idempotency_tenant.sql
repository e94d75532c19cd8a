ALTER TABLE "service"."idempotency_keys" ADD COLUMN "tenant_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service"."idempotency_keys" DROP CONSTRAINT "idempotency_keys_account_id_key_pk";--> statement-breakpoint
ALTER TABLE "service"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_tenant_id_key_pk" PRIMARY KEY("account_id","tenant_id","key");
