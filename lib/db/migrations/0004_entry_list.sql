-- Trigram index for the entries list search (substring matching); pg_trgm is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "desk"."entries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(document_name || ' ' || id::text || ' ' || coalesce(jsonb_path_query_array(snapshot, 'lax $.data.** ? (@.type() == "string" || @.type() == "number")')::text, '') || ' ' || coalesce(jsonb_path_query_array(snapshot, 'lax $.metadata.** ? (@.type() == "string" || @.type() == "number")')::text, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "desk_entries_errors_idx" ON "desk"."entries" USING btree ("error_count","id");--> statement-breakpoint
CREATE INDEX "desk_entries_name_idx" ON "desk"."entries" USING btree ("document_name","id");--> statement-breakpoint
CREATE INDEX "desk_entries_status_idx" ON "desk"."entries" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "desk_entries_review_idx" ON "desk"."entries" USING btree ("review_state","created_at","id");--> statement-breakpoint
CREATE INDEX "desk_entries_deployment_idx" ON "desk"."entries" USING btree ("deployment_id","created_at");--> statement-breakpoint
CREATE INDEX "desk_entries_batch_idx" ON "desk"."entries" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "desk_entries_search_idx" ON "desk"."entries" USING gin ("search_text" gin_trgm_ops);