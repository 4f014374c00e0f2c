import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  Bold,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  Unlink,
} from "~/components/ui/icons";
import { fieldClasses, Input } from "~/components/ui/input";
import { useFocusOnMount } from "~/components/ui/use-focus-on-mount";
import { cn } from "~/lib/class-names";

// The product description as rich text (TipTap, a ProseMirror editor made for React), limited to
// what the storefront keeps: paragraphs, bold, italics, headings, lists, quotes and links. The
// HTML it writes goes into a hidden field; the server cleans it with the storefront's own rules
// on save, so the editor is a convenience, never the guard. Loaded only on the admin's product
// pages, after hydration (description-field.tsx).

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      onClick={onClick}
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md text-ink hover:bg-mint focus-visible:outline-2 focus-visible:outline-brand",
        active && "bg-mint text-brand-strong",
      )}
    >
      {children}
    </button>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState(() => editor.getAttributes("link").href ?? "https://");
  const field = useFocusOnMount<HTMLInputElement>();
  const apply = () => {
    const url = href.trim();
    if (url === "" || url === "https://") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    }
    onDone();
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-line p-2">
      <label className="grow space-y-1 text-sm font-medium" htmlFor="description-link">
        Link address
        <Input
          id="description-link"
          type="url"
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
            if (event.key === "Escape") onDone();
          }}
          // The admin asked for this field by pressing Link.
          ref={field}
        />
      </label>
      <Button type="button" size="sm" onClick={apply}>
        Apply link
      </Button>
      <Button type="button" size="sm" variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </div>
  );
}

export type RichTextEditorProps = {
  name: string;
  initialHtml: string;
  /** Take the focus at once (the field it replaces had it). */
  autofocus: boolean;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
};

export default function RichTextEditor({
  name,
  initialHtml,
  autofocus,
  labelId,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["mailto"],
        },
      }),
    ],
    content: initialHtml,
    autofocus: autofocus ? "end" : false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "min-h-48 px-4 py-3 focus:outline-none [&_a]:text-brand-strong [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6",
      },
    },
    onUpdate: ({ editor: changed }) => setHtml(changed.isEmpty ? "" : changed.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      heading: current?.isActive("heading", { level: 3 }) ?? false,
      bullets: current?.isActive("bulletList") ?? false,
      numbers: current?.isActive("orderedList") ?? false,
      quote: current?.isActive("blockquote") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => {
    if (editor) command(editor.chain().focus()).run();
  };
  return (
    <div className={cn(fieldClasses(), "focus-within:border-brand")}>
      <input type="hidden" name={name} value={html} />
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap gap-1 border-b border-line p-1"
      >
        <ToolButton label="Bold" active={state?.bold} onClick={() => run((c) => c.toggleBold())}>
          <Bold className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Italic"
          active={state?.italic}
          onClick={() => run((c) => c.toggleItalic())}
        >
          <Italic className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Heading"
          active={state?.heading}
          onClick={() => run((c) => c.toggleHeading({ level: 3 }))}
        >
          <Heading3 className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          active={state?.bullets}
          onClick={() => run((c) => c.toggleBulletList())}
        >
          <List className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Numbered list"
          active={state?.numbers}
          onClick={() => run((c) => c.toggleOrderedList())}
        >
          <ListOrdered className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton
          label="Quote"
          active={state?.quote}
          onClick={() => run((c) => c.toggleBlockquote())}
        >
          <Quote className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Link" active={state?.link} onClick={() => setLinking(true)}>
          <Link2 className="size-4" aria-hidden="true" />
        </ToolButton>
        {state?.link ? (
          <ToolButton
            label="Remove link"
            onClick={() => run((c) => c.extendMarkRange("link").unsetLink())}
          >
            <Unlink className="size-4" aria-hidden="true" />
          </ToolButton>
        ) : null}
      </div>
      {linking && editor ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}
