import { IMAGE_UPLOAD_ACCEPT } from "@common/catalog/product-images";
import { slugFromName } from "@common/catalog/slug";
import { shopLocalMinute } from "@common/dates";
import { useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { fieldProblems } from "~/components/ui/field-problem";
import { fieldClasses, Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";
import { DescriptionField } from "./description-field";
import { SearchListingFields } from "./search-listing-fields";
import { useConfirmedSubmit } from "./use-confirmed-submit";

// A blog post in the admin (docs/admin.md#blog): its words, cover, search listing and when it is
// published, saved as a whole; the server checks and cleans every field again.

export type EditedPost = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  bodyHtml: string;
  coverImageUrl: string;
  coverImageAlt: string;
  seoTitle: string | null;
  seoDescription: string | null;
  publishedAt: Date | null;
  version: number;
};

type ImageChoice = { url: string; label: string };

const selectClasses = `${fieldClasses()} h-12 pr-10`;
type Problems = { field?: string; message: string }[];

export function BlogPostForm({
  post,
  images,
  now,
}: {
  post: EditedPost | null;
  images: readonly ImageChoice[];
  /** The server's clock, for what "published" means to the form. */
  now: Date;
}) {
  const [problems, setProblems] = useState<Problems>([]);
  const { fetcher, busy } = useAccountForm(`post-${post?.id ?? "new"}`, (result) => {
    if (result.ok) {
      setProblems([]);
      void showToast("Post saved", { description: "The blog shows it as saved." });
      return;
    }
    setProblems(result.problems ?? [{ field: result.field, message: result.message ?? "" }]);
    void showToast("Post not saved", {
      description: result.message ?? "Something went wrong",
      tone: "error",
    });
  });
  const { errorFor, invalid } = fieldProblems("post", problems);
  const [title, setTitle] = useState(post?.title ?? "");
  const [slug, setSlug] = useState(post?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(post !== null);
  const published = post?.publishedAt ? new Date(post.publishedAt) : null;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      aria-label="Post"
      className="space-y-6"
      noValidate
    >
      <input type="hidden" name="intent" value="save" />
      {post ? <input type="hidden" name="id" value={post.id} /> : null}
      {post ? <input type="hidden" name="version" value={post.version} /> : null}
      <section className={`${cardClass} grid gap-5`} aria-label="Words">
        <Field id="post-title" label="Title">
          <Input
            id="post-title"
            name="title"
            value={title}
            maxLength={150}
            onChange={(event) => {
              setTitle(event.target.value);
              if (!slugTouched) setSlug(slugFromName(event.target.value));
            }}
            {...invalid("title")}
          />
          {errorFor("title")}
        </Field>
        <Field
          id="post-slug"
          label="Address"
          hint="The post's address on the shop: /blog/ then this."
        >
          <Input
            id="post-slug"
            name="slug"
            value={slug}
            maxLength={80}
            aria-describedby="post-slug-hint"
            onChange={(event) => {
              setSlugTouched(true);
              setSlug(event.target.value);
            }}
            {...invalid("slug")}
          />
          {errorFor("slug")}
        </Field>
        <Field id="post-excerpt" label="Excerpt" hint="Shown on the blog's list and in the feed.">
          <Textarea
            id="post-excerpt"
            name="excerpt"
            height="sm"
            defaultValue={post?.excerpt ?? ""}
            maxLength={300}
            aria-describedby="post-excerpt-hint"
            {...invalid("excerpt")}
          />
          {errorFor("excerpt")}
        </Field>
        <div>
          <DescriptionField
            id="post-text"
            name="bodyHtml"
            label="Text"
            kind="article"
            images={images}
            initialHtml={post?.bodyHtml ?? ""}
            invalid={problems.some((problem) => problem.field === "bodyHtml")}
            errorId="post-bodyHtml-error"
            hint="Headings, bold, italics, lists, quotes, links and the shop's images, each described; anything else is removed on save."
          />
          {errorFor("bodyHtml")}
        </div>
      </section>

      <CoverFields post={post} images={images} problems={problems} />

      <SearchListingFields
        idPrefix="post"
        noun="post"
        written={post ?? undefined}
        problems={problems}
      />

      <PublishingFields published={published} now={now} problems={problems} />

      <Button type="submit" disabled={busy}>
        {post ? "Save post" : "Create post"}
      </Button>
    </fetcher.Form>
  );
}

/** The post's cover: one of the shop's images or a new upload, and its description. */
function CoverFields({
  post,
  images,
  problems,
}: {
  post: EditedPost | null;
  images: readonly ImageChoice[];
  problems: Problems;
}) {
  const { errorFor, invalid } = fieldProblems("post", problems);
  const [cover, setCover] = useState(post?.coverImageUrl ?? images[0]?.url ?? "");
  const coverChoices = images.some((image) => image.url === cover)
    ? images
    : [{ url: cover, label: cover }, ...images];
  return (
    <section className={`${cardClass} grid gap-5 sm:grid-cols-2`} aria-labelledby="post-cover">
      <h2 id="post-cover" className="text-lg font-semibold sm:col-span-2">
        Cover image
      </h2>
      <img
        src={cover}
        alt=""
        width={320}
        height={200}
        className="aspect-[8/5] w-full max-w-xs rounded-[var(--radius-card)] border border-line bg-mint object-cover sm:col-span-2"
      />
      <Field id="post-cover-image" label="Image">
        {/* Native, drawn as ui/select.tsx draws it: importing that module here moved it, by the
            browser build's chunk merging, into a chunk with the admin's search fields that the
            store then loaded (docs/performance.md#the-blog-and-the-pages). */}
        <select
          id="post-cover-image"
          className={selectClasses}
          name="coverImageUrl"
          value={cover}
          onChange={(event) => setCover(event.target.value)}
          {...invalid("coverImageUrl")}
        >
          {coverChoices.map((choice) => (
            <option key={choice.url} value={choice.url}>
              {choice.label}
            </option>
          ))}
        </select>
        {errorFor("coverImageUrl")}
      </Field>
      <Field
        id="post-cover-file"
        label="Or upload a new image"
        hint="JPEG, PNG or WebP, up to 5 MB; cut to a square around its middle."
      >
        <input
          id="post-cover-file"
          name="coverFile"
          type="file"
          accept={IMAGE_UPLOAD_ACCEPT}
          aria-describedby="post-cover-file-hint"
          className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-mint file:px-4 file:py-2 file:font-semibold file:text-brand-strong"
          {...invalid("coverFile")}
        />
        {errorFor("coverFile")}
      </Field>
      <Field id="post-cover-alt" label="Describe the cover image" className="sm:col-span-2">
        <Input
          id="post-cover-alt"
          name="coverImageAlt"
          defaultValue={post?.coverImageAlt ?? ""}
          maxLength={200}
          {...invalid("coverImageAlt")}
        />
        {errorFor("coverImageAlt")}
      </Field>
    </section>
  );
}

/** A draft, published now (or kept as published), or published at a time in the UK. */
function PublishingFields({
  published,
  now,
  problems,
}: {
  published: Date | null;
  now: Date;
  problems: Problems;
}) {
  const { errorFor, invalid } = fieldProblems("post", problems);
  const [publish, setPublish] = useState<"draft" | "now" | "at">(
    !published ? "draft" : published > now ? "at" : "now",
  );
  return (
    <fieldset className={`${cardClass} space-y-4`}>
      <legend className="float-left mb-2 w-full text-lg font-semibold">Publishing</legend>
      <div className="clear-both grid gap-2">
        {(
          [
            ["draft", "Draft: only in the admin"],
            ["now", published && published <= now ? "Published" : "Publish now"],
            ["at", "Publish at a time"],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-3 text-base">
            <input
              type="radio"
              name="publish"
              value={value}
              checked={publish === value}
              onChange={() => setPublish(value)}
              className="size-5 accent-brand"
            />
            {label}
          </label>
        ))}
      </div>
      {publish === "at" ? (
        <Field id="post-publish-at" label="Day and time (UK)">
          <Input
            id="post-publish-at"
            name="publishAt"
            type="datetime-local"
            defaultValue={published ? shopLocalMinute(published) : ""}
            className="max-w-xs"
            {...invalid("publishAt")}
          />
          {errorFor("publishAt")}
        </Field>
      ) : null}
    </fieldset>
  );
}

/** Deleting a post, asked first: a published one leaves the blog at once. */
export function DeletePostForm({ post }: { post: { id: string; title: string } }) {
  const { fetcher } = useAccountForm(`post-delete-${post.id}`, (result) => {
    if (!result.ok) {
      void showToast("Post not deleted", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  const { ask, busy, dialog } = useConfirmedSubmit(fetcher);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        ask(event.currentTarget, {
          title: `Delete “${post.title}”?`,
          detail: "It leaves the blog, its feed and the sitemap. This cannot be undone.",
          confirmLabel: "Delete post",
          busyLabel: "Deleting…",
        });
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={post.id} />
      <Button type="submit" variant="destructive" disabled={busy}>
        Delete post
      </Button>
      {dialog}
    </fetcher.Form>
  );
}
