CREATE TABLE "platform_cti_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"scheme" text DEFAULT 'http' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 0 NOT NULL,
	"base_path" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_cti_servers_kind_check" CHECK ("platform_cti_servers"."kind" in ('builtin', 'asterisk', 'legacy_http')),
	CONSTRAINT "platform_cti_servers_scheme_check" CHECK ("platform_cti_servers"."scheme" in ('http', 'https'))
);
--> statement-breakpoint
CREATE TABLE "platform_database_servers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 0 NOT NULL,
	"database" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_database_servers_kind_check" CHECK ("platform_database_servers"."kind" in ('builtin', 'postgresql'))
);
--> statement-breakpoint
CREATE TABLE "platform_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 0 NOT NULL,
	"namespace" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_nodes_kind_check" CHECK ("platform_nodes"."kind" in ('builtin', 'socket_io'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_job_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_cti_servers_name_unique" ON "platform_cti_servers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "platform_database_servers_name_unique" ON "platform_database_servers" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "platform_nodes_name_unique" ON "platform_nodes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_job_runs_job_slot_unique" ON "scheduled_job_runs" USING btree ("job_name","slot");--> statement-breakpoint
CREATE INDEX "scheduled_job_runs_slot_idx" ON "scheduled_job_runs" USING btree ("slot");