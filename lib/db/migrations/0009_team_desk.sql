CREATE TABLE "desk"."api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "desk"."audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "desk"."entry_claims" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk"."routing_rules" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"threshold" numeric NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk"."webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk"."webhook_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event" text NOT NULL,
	"entry_id" uuid,
	"run_id" uuid,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"http_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "desk"."webhook_outbox_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"http_status" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk"."entries" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "desk"."review_decisions" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "desk"."api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "desk"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."entry_claims" ADD CONSTRAINT "entry_claims_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "desk"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."entry_claims" ADD CONSTRAINT "entry_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "desk"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."routing_rules" ADD CONSTRAINT "routing_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "desk"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "desk"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."webhook_outbox" ADD CONSTRAINT "webhook_outbox_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "desk"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk"."webhook_outbox_attempts" ADD CONSTRAINT "webhook_outbox_attempts_delivery_id_webhook_outbox_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "desk"."webhook_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "desk_api_tokens_hash_idx" ON "desk"."api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "desk_api_tokens_user_idx" ON "desk"."api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "desk_audit_at_idx" ON "desk"."audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "desk_audit_target_idx" ON "desk"."audit_log" USING btree ("target_type","target_id","at");--> statement-breakpoint
CREATE INDEX "desk_audit_actor_idx" ON "desk"."audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "desk_entry_claims_user_idx" ON "desk"."entry_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "desk_webhook_outbox_due_idx" ON "desk"."webhook_outbox" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "desk_webhook_outbox_endpoint_idx" ON "desk"."webhook_outbox" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_webhook_outbox_attempts_delivery_idx" ON "desk"."webhook_outbox_attempts" USING btree ("delivery_id");--> statement-breakpoint
ALTER TABLE "desk"."entries" ADD CONSTRAINT "entries_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "desk"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_entries_assigned_idx" ON "desk"."entries" USING btree ("assigned_to","created_at");