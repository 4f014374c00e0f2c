import { lazy, Suspense, useEffect, useState } from "react";
import { Textarea } from "~/components/ui/textarea";

// The product description: a rich-text editor once the page is hydrated (loaded on demand, so
// the editor's code is fetched only by an admin editing a product), an HTML text field before
// that and without JavaScript. Both send the same field, cleaned on the server.

const RichTextEditor = lazy(() => import("./rich-text-editor"));

export function DescriptionField({
  initialHtml,
  invalid,
  errorId,
}: {
  initialHtml: string;
  invalid: boolean;
  errorId: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const describedBy = invalid ? `product-description-hint ${errorId}` : "product-description-hint";
  const fallback = (
    <Textarea
      id="product-description"
      name="descriptionHtml"
      defaultValue={initialHtml}
      aria-labelledby="product-description-label"
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
      className="min-h-60"
    />
  );
  return (
    <div className="space-y-2">
      <p id="product-description-label" className="text-sm font-medium text-ink">
        Description
      </p>
      {hydrated ? (
        <Suspense fallback={fallback}>
          <RichTextEditor
            name="descriptionHtml"
            initialHtml={initialHtml}
            labelId="product-description-label"
            describedBy={describedBy}
            invalid={invalid}
          />
        </Suspense>
      ) : (
        fallback
      )}
      <p id="product-description-hint" className="text-sm text-ink-muted">
        Paragraphs, bold, italics, headings, lists, quotes and links; anything else is removed on
        save.
      </p>
    </div>
  );
}
