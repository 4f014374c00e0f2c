import { relations } from "drizzle-orm";
import { categories, products, productVariants } from "./catalog";
import { orderItems, orders } from "./orders";

export const productsRelations = relations(products, ({ many, one }) => ({
  variants: many(productVariants),
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
}));

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
}));

export const productVariantsRelations = relations(productVariants, ({ one }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
}));

export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));
