import { describe, expect, it } from "vitest";
import {
  imageSrcSet,
  isProductImageUrl,
  mediaUrl,
  parseMediaUrl,
  shareableImageUrl,
} from "./product-images";

const id = "0b9c3a57-3c1e-4a8e-9d6f-1f2e3d4c5b6a";

describe("uploaded image URLs", () => {
  it("are read back as they were written, and only at the known widths", () => {
    expect(parseMediaUrl(mediaUrl(id, 800, "webp"))).toEqual({
      imageId: id,
      width: 800,
      format: "webp",
    });
    expect(parseMediaUrl(`/media/${id}/801.webp`)).toBeNull();
    expect(parseMediaUrl(`/media/${id}/800.png`)).toBeNull();
    expect(parseMediaUrl(`/media/../etc/800.webp`)).toBeNull();
    expect(parseMediaUrl(`https://elsewhere.example/media/${id}/800.webp`)).toBeNull();
  });

  it("let a product name a shop illustration or an upload at the product's size, nothing else", () => {
    expect(isProductImageUrl("/images/products/whitening-pen.svg")).toBe(true);
    expect(isProductImageUrl(mediaUrl(id, 800, "webp"))).toBe(true);
    expect(isProductImageUrl(mediaUrl(id, 400, "webp"))).toBe(false);
    expect(isProductImageUrl("/images/products/other.svg")).toBe(false);
    expect(isProductImageUrl("javascript:alert(1)")).toBe(false);
  });

  it("offer every width in srcset for uploads and none for the illustrations", () => {
    expect(imageSrcSet(mediaUrl(id, 800, "webp"))).toBe(
      [160, 400, 800, 1200].map((width) => `/media/${id}/${width}.webp ${width}w`).join(", "),
    );
    expect(imageSrcSet("/images/products/whitening-pen.svg")).toBeUndefined();
  });
});

describe("shareableImageUrl", () => {
  it("points illustrations at their JPEG rendering and uploads at their stored JPEG", () => {
    expect(shareableImageUrl("/images/products/whitening-pen.svg")).toBe(
      "/images/products/whitening-pen.jpg",
    );
    expect(shareableImageUrl(mediaUrl(id, 800, "webp"))).toBe(`/media/${id}/1200.jpg`);
    expect(shareableImageUrl("/uploads/photo.webp")).toBe("/uploads/photo.webp");
  });
});
