import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  Bold,
  Heading3,
  ImageIcon,
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
// what the storefront keeps: paragraphs, bold, italics, headings, lists, quotes and links; a page
// or a blog post (`article`) has headings from h2 and, for a post, the shop's images with their
// alt text. The
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

/** One of the shop's images into the text, with the words that describe it (never without). */
function ImageForm({
  editor,
  images,
  onDone,
}: {
  editor: Editor;
  images: readonly { url: string; label: string }[];
  onDone: () => void;
}) {
  const [src, setSrc] = useState(images[0]?.url ?? "");
  const [alt, setAlt] = useState("");
  const [missing, setMissing] = useState(false);
  const field = useFocusOnMount<HTMLSelectElement>();
  const insert = () => {
    if (alt.trim() === "") {
      setMissing(true);
      return;
    }
    editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
    onDone();
  };
  return (
    <div className="grid gap-2 border-t border-line p-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
      <label className="space-y-1 text-sm font-medium" htmlFor="text-image">
        Image
        {/* Native, as blog-post-editor.tsx's cover (why: docs/performance.md#the-blog-and-the-pages). */}
        <select
          id="text-image"
          className={cn(fieldClasses(), "h-12 pr-10")}
          value={src}
          onChange={(event) => setSrc(event.target.value)}
          ref={field}
        >
          {images.map((image) => (
            <option key={image.url} value={image.url}>
              {image.label}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-medium" htmlFor="text-image-alt">
        Describe the image
        <Input
          id="text-image-alt"
          value={alt}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? "text-image-alt-error" : undefined}
          onChange={(event) => setAlt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              insert();
            }
            if (event.key === "Escape") onDone();
          }}
        />
        {missing ? (
          <span id="text-image-alt-error" className="block text-sm text-coral-strong">
            Describe the image for people who cannot see it.
          </span>
        ) : null}
      </label>
      <Button type="button" size="sm" onClick={insert}>
        Insert image
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
  /** A product's description (headings h3 and h4), or a page's or post's text (h2 and h3). */
  kind?: "description" | "article";
  /** The shop's images the text may show; none: no image button. */
  images?: readonly { url: string; label: string }[];
};

export default function RichTextEditor({
  name,
  initialHtml,
  autofocus,
  labelId,
  describedBy,
  invalid,
  kind = "description",
  images = [],
}: RichTextEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState(false);
  const headingLevel = kind === "article" ? 2 : 3;
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: kind === "article" ? [2, 3] : [3, 4] },
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
      ...(images.length > 0 ? [Image.configure({ inline: false })] : []),
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
          "min-h-48 px-4 py-3 focus:outline-none [&_a]:text-brand-strong [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-semibold [&_img]:max-h-64 [&_img]:rounded-lg [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6",
      },
    },
    onUpdate: ({ editor: changed }) => setHtml(changed.isEmpty ? "" : changed.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      heading: current?.isActive("heading", { level: headingLevel }) ?? false,
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
          onClick={() => run((c) => c.toggleHeading({ level: headingLevel }))}
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
        {images.length > 0 ? (
          <ToolButton label="Image" onClick={() => setPicking(true)}>
            <ImageIcon className="size-4" aria-hidden="true" />
          </ToolButton>
        ) : null}
      </div>
      {linking && editor ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
      {picking && editor ? (
        <ImageForm editor={editor} images={images} onDone={() => setPicking(false)} />
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
