import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { listWishlist } from "@server/wishlist/wishlist-service";
import { WishlistList } from "~/components/wishlist/wishlist-list";
import type { Route } from "./+types/dashboard.wishlist";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const products = await listWishlist(await getDb(), user.id);
  return {
    products: products.map(({ id, name, imageUrl, imageAlt, defaultVariant }) => ({
      id,
      name,
      imageUrl,
      imageAlt,
      defaultVariant,
    })),
  };
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Wishlist</h1>
      <WishlistList products={loaderData.products} />
    </section>
  );
}
