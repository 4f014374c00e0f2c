import { type ComponentType, useEffect, useRef, useState } from "react";
import { Textarea } from "~/components/ui/textarea";
import type { RichTextEditorProps } from "./rich-text-editor";

// The product description (and a campaign's, a page's or a blog post's text): an HTML text field as rendered by the server (and without
// JavaScript), replaced by a rich-text editor once the editor's code has loaded (on demand: only
// an admin editing a product fetches it). The editor starts from whatever the field holds at
// that moment, so nothing typed before it arrived is lost, and takes the focus if the field had
// it. Both send the same field, cleaned on the server.

export function DescriptionField({
  initialHtml,
  invalid,
  errorId,
  id = "product-description",
  name = "descriptionHtml",
  label = "Description",
  kind = "description",
  images,
  hint = "Paragraphs, bold, italics, headings, lists, quotes and links; anything else is removed on save.",
}: {
  initialHtml: string;
  invalid: boolean;
  errorId: string;
  /** The field's id; its label's and hint's ids start with it. */
  id?: string;
  name?: string;
  label?: string;
  /** A product's description, or a page's or post's text (rich-text-editor.tsx). */
  kind?: "description" | "article";
  /** The shop's images the text may show. */
  images?: readonly { url: string; label: string }[];
  hint?: string;
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
  const describedBy = invalid ? `${id}-hint ${errorId}` : `${id}-hint`;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </p>
      {editor ? (
        <editor.Editor
          name={name}
          initialHtml={editor.html}
          autofocus={editor.focused}
          labelId={`${id}-label`}
          describedBy={describedBy}
          invalid={invalid}
          kind={kind}
          {...(images ? { images } : {})}
        />
      ) : (
        <Textarea
          ref={field}
          id={id}
          name={name}
          defaultValue={initialHtml}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={invalid ? true : undefined}
          className="min-h-60"
        />
      )}
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {hint}
      </p>
    </div>
  );
}
