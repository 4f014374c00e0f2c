import { timestamp } from "drizzle-orm/pg-core";

/** created_at and updated_at, with time zone; updated_at follows every update made through Drizzle. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
