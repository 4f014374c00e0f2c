import {
  IMAGE_TOO_LARGE,
  IMAGE_UPLOAD_ACCEPT,
  MAX_IMAGE_BYTES,
  MIN_IMAGE_SIDE,
} from "@common/catalog/product-images";
import { type ReactNode, type RefObject, useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { CropPreview } from "./crop-preview";

export type ImageChoice = { url: string; label: string };

/**
 * The product's picture: one of the shop's images (and earlier uploads), or a new file. The file
 * is checked again on the server from its bytes; a file over the limit is refused here at once,
 * before it is sent.
 */
export function ProductImagePicker({
  choices,
  chosen,
  onChoose,
  fileInput,
  problem,
  onProblem,
  errorFor,
}: {
  choices: readonly ImageChoice[];
  /** The main picture chosen (a new product starts on none, never another product's). */
  chosen: string;
  onChoose: (url: string) => void;
  fileInput: RefObject<HTMLInputElement | null>;
  /** The refusal to show beside a field (imageUrl or imageFile), if any. */
  problem: { field?: string; message: string } | null;
  onProblem: (problem: { field: string; message: string } | null) => void;
  /** The editor's message beside a field (its id is `product-<field>-error`). */
  errorFor: (field: string) => ReactNode;
}) {
  const fileInvalid = problem?.field === "imageFile";
  // The chosen file, shown in the browser before it is sent.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[7rem_1fr]">
      <img
        src={chosen}
        alt=""
        width={112}
        height={112}
        className="size-28 rounded-[var(--radius-card)] border border-line bg-mint object-cover"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-image" label="Image">
          <Select
            id="product-image"
            name="imageUrl"
            value={chosen}
            onChange={(event) => onChoose(event.target.value)}
            aria-invalid={problem?.field === "imageUrl" ? true : undefined}
            aria-describedby={problem?.field === "imageUrl" ? "product-imageUrl-error" : undefined}
          >
            {choices.some((choice) => choice.url === chosen) ? null : (
              <option value={chosen}>{chosen}</option>
            )}
            {choices.map((choice) => (
              <option key={choice.url} value={choice.url}>
                {choice.label}
              </option>
            ))}
          </Select>
          {errorFor("imageUrl")}
        </Field>
        <Field
          id="product-image-file"
          label="Or upload a new image"
          hint={`JPEG, PNG or WebP, up to 5 MB, at least ${MIN_IMAGE_SIDE} × ${MIN_IMAGE_SIDE} pixels; shown square.`}
        >
          <input
            ref={fileInput}
            id="product-image-file"
            name="imageFile"
            type="file"
            accept={IMAGE_UPLOAD_ACCEPT}
            aria-invalid={fileInvalid ? true : undefined}
            aria-describedby={
              fileInvalid
                ? "product-image-file-hint product-imageFile-error"
                : "product-image-file-hint"
            }
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file && file.size > MAX_IMAGE_BYTES) {
                event.target.value = "";
                setPreview(null);
                onProblem({ field: "imageFile", message: IMAGE_TOO_LARGE });
                return;
              }
              setPreview(file ? URL.createObjectURL(file) : null);
              if (fileInvalid) onProblem(null);
            }}
            className="block w-full text-sm text-ink-muted file:mr-3 file:h-10 file:rounded-[var(--radius-card)] file:border file:border-line file:bg-white file:px-4 file:font-medium file:text-ink hover:file:bg-paper"
          />
          {errorFor("imageFile")}
        </Field>
      </div>
      {preview ? <CropPreview key={preview} src={preview} /> : null}
    </div>
  );
}
