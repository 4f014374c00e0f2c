import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as addresses from "./schema/addresses";
import * as audit from "./schema/audit";
import * as auth from "./schema/auth";
import * as catalog from "./schema/catalog";
import * as customers from "./schema/customers";
import * as delivery from "./schema/delivery";
import * as discounts from "./schema/discounts";
import * as email from "./schema/email";
import * as invoices from "./schema/invoices";
import * as ordersSchema from "./schema/orders";
import * as relations from "./schema/relations";
import * as returnsSchema from "./schema/returns";
import * as reviews from "./schema/reviews";
import * as settings from "./schema/settings";
import * as stock from "./schema/stock";
import * as wishlist from "./schema/wishlist";

export const schema = {
  ...catalog,
  ...relations,
  ...auth,
  ...email,
  ...ordersSchema,
  ...wishlist,
  ...audit,
  ...stock,
  ...settings,
  ...reviews,
  ...addresses,
  ...delivery,
  ...discounts,
  ...invoices,
  ...customers,
  ...returnsSchema,
};

/** One type for both drivers (PGlite and node-postgres), so services never care which runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
