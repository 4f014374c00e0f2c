import { MAX_MORE_PICTURES, NO_PICTURE, type ProductPicture } from "@common/catalog/product-images";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { ImageChoice } from "./product-image-picker";
import { newKey } from "./variant-rows";

// The product editor's pictures after the main one: chosen from the shop's images and uploads,
// each described, put in order by dragging or with the buttons; sent with the form as one JSON
// field. The product page's gallery shows the main picture, then these.

type Row = ProductPicture & { key: string };

export function MorePictures({
  saved,
  choices,
  problem,
  main,
  onMain,
}: {
  saved: readonly ProductPicture[];
  choices: readonly ImageChoice[];
  problem: string | null;
  /** The main picture now, which "Make main" puts in this one's place. */
  main: ProductPicture;
  onMain: (picture: ProductPicture) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    saved.map((picture) => ({ ...picture, key: newKey("picture") })),
  );
  const offered = choices.filter((choice) => choice.url !== NO_PICTURE);
  const [adding, setAdding] = useState(offered[0]?.url ?? "");
  const [dragged, setDragged] = useState<number | null>(null);
  const move = (from: number, to: number) =>
    setRows((now) => {
      if (to < 0 || to >= now.length || from === to) return now;
      const next = [...now];
      const [row] = next.splice(from, 1);
      if (row) next.splice(to, 0, row);
      return next;
    });
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">More pictures</legend>
      <p className="mt-1 text-sm text-ink-muted" id="more-pictures-hint">
        The product page shows the main picture, then these, in this order: drag one, or use its
        arrows; "Make main" swaps one with the main picture. Up to {MAX_MORE_PICTURES}.
      </p>
      <input
        type="hidden"
        name="images"
        value={JSON.stringify(rows.map(({ url, alt }) => ({ url, alt })))}
      />
      {problem ? (
        <p role="alert" className="mt-2 text-sm font-medium text-coral-strong">
          {problem}
        </p>
      ) : null}
      <ol className="mt-3 space-y-3">
        {rows.map((row, index) => (
          <li
            key={row.key}
            draggable
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            className="grid cursor-grab items-end gap-3 rounded-[var(--radius-card)] border border-line p-3 sm:grid-cols-[4rem_1fr_auto]"
          >
            <img
              src={row.url}
              alt=""
              width={64}
              height={64}
              className="size-16 rounded-lg border border-line bg-mint object-cover"
            />
            <Field id={`picture-${row.key}-alt`} label={`Picture ${index + 2} description`}>
              <Input
                id={`picture-${row.key}-alt`}
                value={row.alt}
                maxLength={200}
                onChange={(event) =>
                  setRows((now) =>
                    now.map((each) =>
                      each.key === row.key ? { ...each, alt: event.target.value } : each,
                    ),
                  )
                }
              />
            </Field>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Make picture ${index + 2} the main picture`}
                onClick={() => {
                  // The main picture takes this one's place (a placeholder goes).
                  setRows((now) =>
                    main.url === NO_PICTURE
                      ? now.filter((each) => each.key !== row.key)
                      : now.map((each) =>
                          each.key === row.key ? { ...main, key: each.key } : each,
                        ),
                  );
                  onMain({ url: row.url, alt: row.alt });
                }}
              >
                Make main
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move picture ${index + 2} earlier`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move picture ${index + 2} later`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove picture ${index + 2}`}
                onClick={() => setRows((now) => now.filter((each) => each.key !== row.key))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field id="more-pictures-choice" label="Add a picture" className="w-full sm:w-80">
          <Select
            id="more-pictures-choice"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            {offered.map((choice) => (
              <option key={choice.url} value={choice.url}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="secondary"
          disabled={!adding || rows.length >= MAX_MORE_PICTURES}
          onClick={() =>
            setRows((now) => [...now, { key: newKey("picture"), url: adding, alt: "" }])
          }
        >
          <Plus aria-hidden="true" />
          Add this picture
        </Button>
      </div>
    </fieldset>
  );
}
