// A response the shop makes whole (a rendered page, an API's JSON) is written to the socket as it
// is: @hono/node-server's light Response keeps the body it was given and sends it in one write.
// React Router checks what a route or the document's render gives back by reading `statusText`
// and `body`, which turns that light response into a web-streams one (an undici Response over a
// ReadableStream of the body): then it is sent by reading that stream. So such responses are
// remembered with their body, and once React Router is done with one, it is made light again with
// the status and headers it has by then. Neither library documents this: ./light-response.adapters.test.ts
// fails when either changes it.

/** The body of each response made by sentAsMade, by response. */
const bodies = new WeakMap<Response, string | Uint8Array<ArrayBuffer>>();

/** A response of `body`, sent as it is once React Router hands it back (asMade). */
export function sentAsMade(body: string | Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  bodies.set(response, body);
  return response;
}

/**
 * What React Router answered, as it is to be sent: a response of sentAsMade's made light again,
 * with the status and headers it has now; any other as it is.
 */
export function asMade(response: Response): Response {
  const body = bodies.get(response);
  if (body === undefined) return response;
  return sentAsMade(body, { status: response.status, headers: response.headers });
}

/** The body of a response made by sentAsMade (or asMade), as it was given; undefined for another. */
export function bodyAsMade(response: Response): string | Uint8Array<ArrayBuffer> | undefined {
  return bodies.get(response);
}
