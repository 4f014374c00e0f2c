import { type ComponentType, useEffect, useRef, useState } from "react";
import { Textarea } from "~/components/ui/textarea";
import type { RichTextEditorProps } from "./rich-text-editor";

// The product description: an HTML text field as rendered by the server (and without
// JavaScript), replaced by a rich-text editor once the editor's code has loaded (on demand: only
// an admin editing a product fetches it). The editor starts from whatever the field holds at
// that moment, so nothing typed before it arrived is lost, and takes the focus if the field had
// it. Both send the same field, cleaned on the server.

export function DescriptionField({
  initialHtml,
  invalid,
  errorId,
}: {
  initialHtml: string;
  invalid: boolean;
  errorId: string;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [editor, setEditor] = useState<{
    Editor: ComponentType<RichTextEditorProps>;
    html: string;
    focused: boolean;
  } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once; the editor keeps its own content from then on.
  useEffect(() => {
    let live = true;
    void import("./rich-text-editor").then((module) => {
      if (!live) return;
      const current = field.current;
      setEditor({
        Editor: module.default,
        html: current?.value ?? initialHtml,
        focused: current !== null && document.activeElement === current,
      });
    });
    return () => {
      live = false;
    };
  }, []);
  const describedBy = invalid ? `product-description-hint ${errorId}` : "product-description-hint";
  return (
    <div className="space-y-2">
      <p id="product-description-label" className="text-sm font-medium text-ink">
        Description
      </p>
      {editor ? (
        <editor.Editor
          name="descriptionHtml"
          initialHtml={editor.html}
          autofocus={editor.focused}
          labelId="product-description-label"
          describedBy={describedBy}
          invalid={invalid}
        />
      ) : (
        <Textarea
          ref={field}
          id="product-description"
          name="descriptionHtml"
          defaultValue={initialHtml}
          aria-labelledby="product-description-label"
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          className="min-h-60"
        />
      )}
      <p id="product-description-hint" className="text-sm text-ink-muted">
        Paragraphs, bold, italics, headings, lists, quotes and links; anything else is removed on
        save.
      </p>
    </div>
  );
}
