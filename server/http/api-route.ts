import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getSessionUser, type SessionUser } from "../auth/session";
import { DomainError, httpStatusFor } from "../errors";
import { logger } from "../logger";
import { readJsonBody } from "./json-request";
import { jsonError, jsonWithETag, methodNotAllowed } from "./json-response";
import { clientAddressContext } from "./load-context";

// The one way an API route answers (docs/architecture.md#layout rule 5). A route module describes its endpoint and
// exports the handler as both its loader and its action; this checks the method (405 with Allow),
// the caller (401 `{ error }` when a session is required), the path parameters (404 with the
// route's message), the query and the JSON body (400 naming the first problem), runs the handler,
// and answers JSON: public reads with an ETag, everything else never stored. A DomainError becomes
// `{ error }` with its code's status; anything else is logged and answered 500 with the route's
// own message, never with its internals.

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Input<
  SignedIn extends boolean,
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
> = {
  request: Request;
  method: Method;
  user: SignedIn extends true ? SessionUser : null;
  /** The connecting client's address, when the server knows it. */
  clientAddress: string | null;
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
};

export type ApiRouteSpec<
  SignedIn extends boolean,
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
> = {
  /** The methods it takes (GET includes HEAD). */
  methods: Method[];
  /** A session is required (401 otherwise). */
  signedIn: SignedIn;
  /** While false, the endpoint does not exist (404): a provider that is not configured. */
  enabled?: () => boolean;
  /** The path parameters; anything else is answered 404 with `notFound`. */
  params?: P;
  notFound?: string;
  query?: Q;
  /** A JSON body (POST, PUT). */
  body?: B;
  /** A read anyone may cache: answered with an ETag (304 when unchanged). */
  publicRead?: boolean;
  /** What an unexpected failure says (500); the details go to the log. */
  failure: string;
  /** The answer: data for JSON, or a Response as it is. */
  handle: (input: Input<SignedIn, P, Q, B>) => Promise<unknown>;
};

type Args = {
  request: Request;
  params: Record<string, string | undefined>;
  context?: Readonly<RouterContextProvider>;
};

/** The first value of each query parameter, as an object for a schema. */
function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in query)) query[name] = value;
  return query;
}

/** An answer that may depend on the session: for its caller only, kept by no cache. */
const PERSONAL = "private, no-store";

function neverStored(response: Response): Response {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PERSONAL);
  return response;
}

export function apiRoute<
  SignedIn extends boolean,
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
>(spec: ApiRouteSpec<SignedIn, P, Q, B>): (args: Args) => Promise<Response> {
  const allow = spec.methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method]));
  return async ({ request, params, context }) => {
    const method = request.method.toUpperCase();
    if (!allow.includes(method)) return methodNotAllowed(allow.join(", "));
    if (spec.enabled && !spec.enabled()) return jsonError(404, "Not found.");
    try {
      // Only a route that needs the session reads it: a public read never costs a session lookup.
      const user = spec.signedIn ? await getSessionUser(request) : null;
      if (spec.signedIn && !user) return jsonError(401, "Authentication required.");
      let parsedParams: unknown = params;
      if (spec.params) {
        const parsed = spec.params.safeParse(params);
        if (!parsed.success) return jsonError(404, spec.notFound ?? "Not found.");
        parsedParams = parsed.data;
      }
      let query: unknown;
      if (spec.query) {
        const parsed = spec.query.safeParse(queryObject(new URL(request.url)));
        if (!parsed.success) {
          return jsonError(400, parsed.error.issues[0]?.message ?? "Bad request.");
        }
        query = parsed.data;
      }
      const body = spec.body ? await readJsonBody(request, spec.body) : undefined;
      const result = await spec.handle({
        request,
        method: (method === "HEAD" ? "GET" : method) as Method,
        user: user as Input<SignedIn, P, Q, B>["user"],
        clientAddress: context?.get(clientAddressContext) ?? null,
        params: parsedParams as z.output<P>,
        query: query as z.output<Q>,
        body: body as z.output<B>,
      });
      if (result instanceof Response) return spec.publicRead ? result : neverStored(result);
      if (spec.publicRead) return jsonWithETag(request, result);
      return Response.json(result, { headers: { "Cache-Control": PERSONAL } });
    } catch (error) {
      if (error instanceof Response) return neverStored(error);
      if (error instanceof DomainError) return jsonError(httpStatusFor(error.code), error.message);
      logger.error({ err: error, path: new URL(request.url).pathname }, spec.failure);
      return jsonError(500, spec.failure);
    }
  };
}
