import {
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

// Images the admin uploaded, kept in the database so that every instance on one
// PostgreSQL serves them (docs/architecture.md#running-and-scaling): the upload's facts in `images`, and each size the storefront
// asks for, already encoded, in `image_renditions`. An image never changes once stored: a new
// upload is a new id, so its URLs can be cached for a year.

/** Raw bytes (PostgreSQL bytea): Drizzle 0.45 has no built-in column for it. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** The uploaded file's name, for the admin's picker only (never a path). */
  fileName: text("file_name").notNull(),
  /** What the bytes were, read from the bytes themselves: jpeg, png or webp. */
  sourceFormat: text("source_format").notNull(),
  sourceWidth: integer("source_width").notNull(),
  sourceHeight: integer("source_height").notNull(),
  sourceBytes: integer("source_bytes").notNull(),
  uploadedBy: text("uploaded_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const imageRenditions = pgTable(
  "image_renditions",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    /** webp for pages, jpeg for link previews (social networks read it everywhere). */
    format: text("format").notNull(),
    content: bytes("content").notNull(),
    /** A strong validator for If-None-Match: the content's SHA-256, base64url. */
    etag: text("etag").notNull(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width, table.format] })],
);
