// What the end-to-end runs of several instances share (many-instances, shared-cache): shoppers
// made in the database, and the admin's product form.

/** N more customers (shopper-1…N@example.com), each with the demo customer's password. */
export const MAKE_SHOPPERS = `
  with made as (
    insert into users (id, full_name, email, email_verified)
    select 'shopper-' || i, 'Shopper ' || i, 'shopper-' || i || '@example.com', true
    from generate_series(1, $1::int) as i
    returning id)
  insert into accounts (id, account_id, provider_id, user_id, password)
  select 'account-' || made.id, made.id, 'credential', made.id,
    (select password from accounts join users on users.id = accounts.user_id
     where users.email = 'customer@example.com' and provider_id = 'credential')
  from made`;

/** The product form as the admin's editor posts it. */
export function productForm(price: string, stock: number, variantId?: string, version?: number) {
  const form = new FormData();
  form.set("intent", "save");
  // An edit names the version it was made from, as the editor's form does (docs/decisions/051).
  if (version !== undefined) form.set("version", String(version));
  form.set("name", "Instance Test Kit");
  form.set("slug", "instance-test-kit");
  form.set("descriptionHtml", "<p>Made on one instance, sold on both.</p>");
  form.set("imageUrl", "/images/products/whitening-pen.svg");
  form.set("imageAlt", "A whitening pen");
  form.set(
    "variants",
    JSON.stringify([
      { id: variantId, name: "Standard", price, compareAt: "", startingStock: String(stock) },
    ]),
  );
  return form;
}
