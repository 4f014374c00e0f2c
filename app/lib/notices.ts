import { toast } from "sonner";

/** The seed spec's notice for features it leaves unbuilt (blog articles, the promo banner). */
export function showNotImplemented() {
  toast("🚧 Feature Not Implemented", {
    description: "This isn't available yet. Check back soon!",
  });
}
