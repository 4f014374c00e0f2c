import { showToast } from "./toast";

/** The seed spec's notice for features it leaves unbuilt (blog articles, the promo banner). */
export function showNotImplemented() {
  void showToast("🚧 Feature Not Implemented", {
    description: "This isn't available yet. Check back soon!",
  });
}
