CREATE TABLE "service"."document_layouts" (
	"account_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_layouts_account_id_sha256_pk" PRIMARY KEY("account_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "service"."extraction_memory" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"tenant_id" text DEFAULT '' NOT NULL,
	"structure_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"issuer" text NOT NULL,
	"field" text NOT NULL,
	"anchor" jsonb NOT NULL,
	"example" jsonb,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service"."document_layouts" ADD CONSTRAINT "document_layouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "service"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service"."extraction_memory" ADD CONSTRAINT "extraction_memory_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "service"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extraction_memory_scope_idx" ON "service"."extraction_memory" USING btree ("account_id","tenant_id","structure_id","fingerprint","field");