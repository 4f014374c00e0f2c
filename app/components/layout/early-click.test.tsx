// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepEarlyClick, replayEarlyClick } from "./early-click";

function page(html: string) {
  document.body.innerHTML = html;
  delete document.documentElement.dataset.hydrated;
  window.__gleamEarlyClick = undefined;
}

afterEach(() => {
  document.body.innerHTML = "";
  window.__gleamEarlyClick = undefined;
});

describe("early clicks", () => {
  it("keeps the last button clicked before the page is live, and clicks it once after", () => {
    page(
      '<button type="button" id="one">One</button><button type="button" id="two"><span id="inner">Two</span></button>',
    );
    keepEarlyClick();
    document.getElementById("one")?.click();
    document.getElementById("inner")?.click();
    const two = document.getElementById("two") as HTMLButtonElement;
    expect(window.__gleamEarlyClick).toBe(two);

    document.documentElement.dataset.hydrated = "true";
    const onClick = vi.fn();
    two.addEventListener("click", onClick);
    replayEarlyClick();
    replayEarlyClick();
    expect(onClick).toHaveBeenCalledTimes(1);
    // Live now: clicks are the page's own, none is kept.
    document.getElementById("one")?.click();
    expect(window.__gleamEarlyClick).toBeUndefined();
  });

  it("leaves submit buttons (plain forms post), disabled buttons and replaced elements alone", () => {
    page(
      '<form action="#" onsubmit="return false"><button id="send">Send</button></form><button type="button" id="off" disabled>Off</button><button type="button" id="gone">Gone</button>',
    );
    keepEarlyClick();
    document.getElementById("send")?.click();
    document.getElementById("off")?.click();
    expect(window.__gleamEarlyClick).toBeUndefined();

    const gone = document.getElementById("gone") as HTMLButtonElement;
    gone.click();
    expect(window.__gleamEarlyClick).toBe(gone);
    const onClick = vi.fn();
    gone.addEventListener("click", onClick);
    gone.remove();
    document.documentElement.dataset.hydrated = "true";
    replayEarlyClick();
    expect(onClick).not.toHaveBeenCalled();
  });
});
