import type { ExternalToast } from "sonner";

// Toasts without the toast library in the first page load: the library (and its Toaster) are
// fetched after hydration, and a toast raised earlier waits for them instead of being lost.

let markReady: () => void = () => {};
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the Toaster once it is mounted and listening. */
export function toasterMounted(): void {
  markReady();
}

export type ToastOptions = Pick<ExternalToast, "description" | "id"> & {
  /** "error" for a failure the shopper must notice (the destructive toasts of docs/product.md#messages). */
  tone?: "default" | "error";
};

export async function showToast(
  title: string,
  { tone = "default", ...options }: ToastOptions = {},
): Promise<void> {
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  if (tone === "error") toast.error(title, options);
  else toast(title, options);
}

/** Takes a toast down before its time (a later success answers the failure it reported). */
export async function dismissToast(id: string): Promise<void> {
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  toast.dismiss(id);
}
