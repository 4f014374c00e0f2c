// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepEarlyClick, replayEarlyClick } from "./early-click";

/** A page not yet live, with the head's script listening. */
function page(html: string) {
  document.body.innerHTML = html;
  delete document.documentElement.dataset.hydrated;
  window.__gleamEarlyClick = undefined;
  keepEarlyClick();
}

const click = (...ids: string[]) => {
  for (const id of ids) document.getElementById(id)?.click();
};

/** The page comes alive and replays its early click: how often `button` was clicked by it. */
function goLive(button: HTMLButtonElement, replays = 1) {
  const onClick = vi.fn();
  button.addEventListener("click", onClick);
  document.documentElement.dataset.hydrated = "true";
  for (let i = 0; i < replays; i++) replayEarlyClick();
  return onClick;
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
    click("one", "inner");
    const two = document.getElementById("two") as HTMLButtonElement;
    expect(window.__gleamEarlyClick).toBe(two);

    expect(goLive(two, 2)).toHaveBeenCalledTimes(1);
    // Live now: clicks are the page's own, none is kept.
    click("one");
    expect(window.__gleamEarlyClick).toBeUndefined();
  });

  it("leaves submit buttons (plain forms post), disabled buttons and replaced elements alone", () => {
    page(
      '<form action="#" onsubmit="return false"><button id="send">Send</button></form><button type="button" id="off" disabled>Off</button><button type="button" id="gone">Gone</button>',
    );
    click("send", "off");
    expect(window.__gleamEarlyClick).toBeUndefined();

    const gone = document.getElementById("gone") as HTMLButtonElement;
    gone.click();
    expect(window.__gleamEarlyClick).toBe(gone);
    gone.remove();
    expect(goLive(gone)).not.toHaveBeenCalled();
  });
});
