import { type CropFocus, cropSquare } from "@common/catalog/product-images";
import { type MouseEvent, useState } from "react";
import { Field } from "~/components/ui/field";

// The new picture's crop, before it is saved: every product slot is square, so the upload is cut
// to a square on the server (server/media/image-processing.ts) where this preview shows it. A
// click on the picture centres the square there; the two sliders move it from the keyboard.

const percentOf = (value: number) => Math.round(Math.max(0, Math.min(100, value)));

function SquareSlider({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <Field id={id} label={label}>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-brand"
      />
    </Field>
  );
}

export function CropPreview({ src }: { src: string }) {
  const [focus, setFocus] = useState<CropFocus>({ x: 50, y: 50 });
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const square = size ? cropSquare(size.width, size.height, focus) : null;
  const centreOn = (event: MouseEvent<HTMLButtonElement>) => {
    // A key's "click" has no place on the picture: the sliders are for the keyboard.
    if (!size || event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const across = ((event.clientX - box.left) / box.width) * size.width;
    const down = ((event.clientY - box.top) / box.height) * size.height;
    const side = Math.min(size.width, size.height);
    const spare = (length: number) => Math.max(1, length - side);
    setFocus({
      x: percentOf(((across - side / 2) / spare(size.width)) * 100),
      y: percentOf(((down - side / 2) / spare(size.height)) * 100),
    });
  };
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[12rem_8rem_1fr] sm:items-start">
      <input type="hidden" name="imageFocusX" value={focus.x} />
      <input type="hidden" name="imageFocusY" value={focus.y} />
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        onClick={centreOn}
        className="relative w-48 cursor-crosshair overflow-hidden rounded-lg border border-line bg-paper"
      >
        <img
          src={src}
          alt=""
          className="block h-auto w-full"
          onLoad={(event) =>
            setSize({
              width: event.currentTarget.naturalWidth,
              height: event.currentTarget.naturalHeight,
            })
          }
        />
        {square && size ? (
          <span
            className="pointer-events-none absolute border-2 border-white shadow-[0_0_0_9999px_rgb(0_0_0/0.45)]"
            style={{
              left: `${(square.left / size.width) * 100}%`,
              top: `${(square.top / size.height) * 100}%`,
              width: `${(square.side / size.width) * 100}%`,
              height: `${(square.side / size.height) * 100}%`,
            }}
          />
        ) : null}
      </button>
      <figure>
        <img
          src={src}
          alt="The square the shop will show"
          className="size-32 rounded-lg border border-line object-cover"
          style={{ objectPosition: `${focus.x}% ${focus.y}%` }}
        />
        <figcaption className="mt-1 text-xs text-ink-muted">As the shop shows it</figcaption>
      </figure>
      <div className="space-y-3">
        <p className="text-sm text-ink-muted">
          Click the picture where the square should be, or move it with these.
        </p>
        <SquareSlider
          id="crop-across"
          label="Square from left to right"
          value={focus.x}
          onChange={(x) => setFocus((now) => ({ ...now, x }))}
        />
        <SquareSlider
          id="crop-down"
          label="Square from top to bottom"
          value={focus.y}
          onChange={(y) => setFocus((now) => ({ ...now, y }))}
        />
      </div>
    </div>
  );
}
