CREATE TABLE "image_renditions" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"content" "bytea" NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "image_renditions_image_id_width_format_pk" PRIMARY KEY("image_id","width","format")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"source_format" text NOT NULL,
	"source_width" integer NOT NULL,
	"source_height" integer NOT NULL,
	"source_bytes" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_renditions" ADD CONSTRAINT "image_renditions_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;