CREATE TABLE "service"."rate_limit_windows" (
	"account_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_windows_account_id_window_start_pk" PRIMARY KEY("account_id","window_start")
);
