import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local HTTP server answering the few Stripe API calls the shop makes, so the real `stripe` SDK
// can be pointed at it (its host/port/protocol options) and tested offline.

type StandInIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: { message: string } | null;
};

type StandInRefund = {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
};

export type StripeStandIn = {
  port: number;
  intents: Map<string, StandInIntent>;
  refunds: StandInRefund[];
  /** While true, every call answers 500, as Stripe does during an outage. */
  down: boolean;
  /** Every request: method, path, idempotency key, form fields. */
  requests: Array<{
    method: string;
    path: string;
    idempotencyKey: string | null;
    form: URLSearchParams;
  }>;
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds: StandInRefund[] = [];
  const refundsByKey = new Map<string, StandInRefund>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const requests: StripeStandIn["requests"] = [];
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    req.on("end", () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      const expand = [...new URLSearchParams(query)]
        .filter(([key]) => key.startsWith("expand"))
        .map(([, value]) => value);
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method ?? "", path, idempotencyKey, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          "Content-Type": "application/json",
          "Request-Id": `req_${counter}`,
        });
        res.end(JSON.stringify(body));
      };
      if (standIn.down) {
        send(500, { error: { type: "api_error", message: "Stripe is having a bad day." } });
        return;
      }
      if (!req.headers.authorization?.startsWith("Bearer sk_test_")) {
        send(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
        return;
      }
      if (req.method === "POST" && path === "/v1/payment_intents") {
        const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (known) return send(200, known);
        counter++;
        const intent: StandInIntent = {
          id: `pi_standin_${counter}`,
          object: "payment_intent",
          amount: Number(form.get("amount")),
          amount_received: 0,
          currency: form.get("currency") ?? "",
          status: "requires_payment_method",
          client_secret: `pi_standin_${counter}_secret_${counter}`,
          metadata: { order_id: form.get("metadata[order_id]") ?? "" },
          receipt_email: form.get("receipt_email"),
          last_payment_error: null,
        };
        intents.set(intent.id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === "GET" && match?.[1]) {
        const intent = intents.get(match[1]);
        // Its charge, when asked for and there is one: paid with the test card 4242.
        if (intent && expand.includes("latest_charge") && intent.status === "succeeded") {
          return send(200, {
            ...intent,
            latest_charge: {
              id: `ch_for_${intent.id}`,
              object: "charge",
              payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
            },
          });
        }
        if (intent) return send(200, intent);
        return send(404, {
          error: { type: "invalid_request_error", message: "No such payment_intent" },
        });
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
      if (req.method === "POST" && cancel?.[1]) {
        const intent = intents.get(cancel[1]);
        if (!intent) {
          return send(404, {
            error: { type: "invalid_request_error", message: "No such payment_intent" },
          });
        }
        if (intent.status === "succeeded" || intent.status === "processing") {
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = "canceled";
        return send(200, intent);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const known = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (known) return send(200, known);
        const intent = intents.get(form.get("payment_intent") ?? "");
        if (intent?.status !== "succeeded") {
          return send(400, {
            error: { type: "invalid_request_error", message: "This PaymentIntent has no charge." },
          });
        }
        counter++;
        const refund: StandInRefund = {
          id: `re_standin_${counter}`,
          object: "refund",
          payment_intent: intent.id,
          amount: Number(form.get("amount") ?? intent.amount_received),
        };
        refunds.push(refund);
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
        return send(200, refund);
      }
      send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const standIn: StripeStandIn = {
    port: (server.address() as AddressInfo).port,
    intents,
    refunds,
    down: false,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
