import { showToast } from "./toast";

/** The notice for features the shop leaves unbuilt (docs/product.md#messages) (blog articles, the promo banner). */
export function showNotImplemented() {
  void showToast("🚧 Feature Not Implemented", {
    description: "This isn't available yet. Check back soon!",
  });
}
