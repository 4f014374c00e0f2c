import { jsonError } from "@server/http/json-response";

// Any other /api/ address answers in JSON, never with the shop's HTML error page.
export function loader() {
  return jsonError(404, "Not found.");
}

export function action() {
  return jsonError(404, "Not found.");
}
