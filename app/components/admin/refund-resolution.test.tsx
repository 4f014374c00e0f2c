// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showToast } from "~/lib/toast";
import { RefundResolution } from "./refund-resolution";
import { RefundsToCheckList } from "./refunds-to-check-list";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn(async () => {}) }));

// jsdom has no modal dialogs; the confirmation only needs them to open and close.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};

const posted: Array<Record<string, FormDataEntryValue>> = [];
let shown: ReactNode = null;

function Shown() {
  return shown;
}

const Stub = createRoutesStub([
  {
    path: "/",
    Component: Shown,
    action: async ({ request }) => {
      posted.push(Object.fromEntries(await request.formData()));
      return { intent: "resolve-refund", ok: true };
    },
  },
]);

function stub(page: ReactNode) {
  shown = page;
  render(<Stub />);
}

/** The button of that name in the open dialog (the page's own may share its name). */
function inDialog(name: string) {
  const button = screen
    .getAllByRole("button", { name })
    .find((candidate) => candidate.closest("dialog[open]"));
  if (!button) throw new Error(`no ${name} button in an open dialog`);
  return button;
}

afterEach(() => {
  cleanup();
  posted.length = 0;
  vi.mocked(showToast).mockClear();
});

describe("a refund flagged for the admin", () => {
  it("is recorded as made only once the admin confirms the amount", async () => {
    stub(<RefundResolution refund={{ id: "refund-1", amountPence: 1000, status: "pending" }} />);
    const [ask] = screen.getAllByRole("button", { name: "Record as made" });
    if (!ask) throw new Error("no Record as made button");
    fireEvent.click(ask);
    await screen.findByRole("alertdialog", { name: "Record the refund of £10.00 as made?" });
    expect(posted).toEqual([]);
    // Going back posts nothing.
    fireEvent.click(inDialog("Go back"));
    expect(posted).toEqual([]);
    fireEvent.click(ask);
    fireEvent.click(inDialog("Record as made"));
    await waitFor(() =>
      expect(posted).toEqual([{ intent: "resolve-refund", refundId: "refund-1", outcome: "made" }]),
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledWith("Refund recorded as made"));
  });

  it("offers only 'checked' for a refund recorded with a difference", async () => {
    stub(<RefundResolution refund={{ id: "refund-2", amountPence: 3999, status: "succeeded" }} />);
    expect(screen.queryByRole("button", { name: "Record as made" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mark as checked" }));
    await screen.findByRole("alertdialog", { name: "Mark this refund as checked?" });
    fireEvent.click(inDialog("Mark as checked"));
    await waitFor(() =>
      expect(posted).toEqual([
        { intent: "resolve-refund", refundId: "refund-2", outcome: "checked" },
      ]),
    );
  });
});

describe("the overview's refunds to check", () => {
  it("says why each needs the admin, or until when the shop asks the provider", async () => {
    const createdAt = new Date("2026-11-27T10:00:00Z");
    stub(
      <RefundsToCheckList
        refunds={[
          {
            id: "r-1",
            orderId: "order-1",
            orderNumber: 10001,
            amountPence: 3999,
            status: "pending",
            cancelsOrder: true,
            attention: null,
            createdAt,
            retryUntil: new Date("2026-11-28T09:00:00Z"),
            customerEmail: "ada@example.com",
          },
          {
            id: "r-2",
            orderId: "order-2",
            orderNumber: 10002,
            amountPence: 500,
            status: "succeeded",
            cancelsOrder: false,
            attention: "The order was fulfilled by then, so it was not cancelled.",
            createdAt,
            retryUntil: createdAt,
            customerEmail: "grace@example.com",
          },
        ]}
      />,
    );
    const waiting = await screen.findByRole("article", {
      name: "Refund to check: £39.99 for order GL-10001",
    });
    expect(waiting.textContent).toContain("(cancelling the order)");
    expect(waiting.textContent).toMatch(
      /Not answered by the payment provider yet: the shop asks again every few minutes until .+, and the order cannot be fulfilled meanwhile\./,
    );
    expect(
      screen.getByRole("article", { name: "Refund to check: £5.00 for order GL-10002" })
        .textContent,
    ).toContain("The order was fulfilled by then, so it was not cancelled.");
  });
});
