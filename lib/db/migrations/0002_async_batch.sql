CREATE TABLE "desk"."correction_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid,
	"patches" jsonb NOT NULL,
	"notes" text,
	"base_updated_at" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk"."review_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tenant_id" text,
	"deployment_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"structure_version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_items" integer NOT NULL,
	"webhook" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service"."idempotency_keys" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "service"."webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"http_status" integer,
	"error_message" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service"."webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"batch_id" uuid,
	"entry_id" uuid,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"body" text NOT NULL,
	"item_metadata" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"error_message" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "service"."entries_batch_idx";--> statement-breakpoint
ALTER TABLE "service"."entries" ADD COLUMN "input_key" text;--> statement-breakpoint
ALTER TABLE "service"."entries" ADD COLUMN "webhook" json;--> statement-breakpoint
ALTER TABLE "service"."entries" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "desk"."correction_outbox" ADD CONSTRAINT "correction_outbox_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "desk"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."correction_outbox" ADD CONSTRAINT "correction_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "desk"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."review_decisions" ADD CONSTRAINT "review_decisions_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "desk"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."review_decisions" ADD CONSTRAINT "review_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "desk"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."batches" ADD CONSTRAINT "batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "service"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."batches" ADD CONSTRAINT "batches_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "service"."deployments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "service"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_correction_outbox_due_idx" ON "desk"."correction_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "desk_correction_outbox_entry_idx" ON "desk"."correction_outbox" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_review_decisions_entry_idx" ON "desk"."review_decisions" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "service"."webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_batch_idx" ON "service"."webhook_deliveries" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "service"."webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "entries_batch_item_idx" ON "service"."entries" USING btree ("batch_id","item_index");--> statement-breakpoint
CREATE INDEX "entries_in_flight_idx" ON "service"."entries" USING btree ("status") WHERE status in ('pending', 'processing');