CREATE TABLE "desk"."run_batches" (
	"batch_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"total_items" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" jsonb,
	"progress_updated_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk"."run_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"batch_id" uuid,
	"item_index" integer NOT NULL,
	"entry_id" uuid,
	"document_id" uuid,
	"document_name" text NOT NULL,
	"metadata" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"submit_error" text,
	"entry_updated_at" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk"."runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"deployment_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_items" integer NOT NULL,
	"completed_items" integer DEFAULT 0 NOT NULL,
	"failed_items" integer DEFAULT 0 NOT NULL,
	"webhooks" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"reconciled" boolean DEFAULT false NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"poll_attempts" integer DEFAULT 0 NOT NULL,
	"last_poll_error" text,
	"last_webhook_at" timestamp with time zone,
	"leased_until" timestamp with time zone,
	"leased_by" text
);
--> statement-breakpoint
CREATE TABLE "desk"."webhook_receipts" (
	"delivery_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk"."run_batches" ADD CONSTRAINT "run_batches_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "desk"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."run_items" ADD CONSTRAINT "run_items_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "desk"."runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."run_items" ADD CONSTRAINT "run_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "desk"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."runs" ADD CONSTRAINT "runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "desk"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_run_batches_run_idx" ON "desk"."run_batches" USING btree ("run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "desk_run_items_position_idx" ON "desk"."run_items" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "desk_run_items_batch_idx" ON "desk"."run_items" USING btree ("batch_id","item_index");--> statement-breakpoint
CREATE INDEX "desk_run_items_entry_idx" ON "desk"."run_items" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "desk_runs_created_idx" ON "desk"."runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "desk_runs_due_idx" ON "desk"."runs" USING btree ("reconciled","next_poll_at");