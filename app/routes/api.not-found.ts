import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";

/** Any other path under /api/: `404 { error }`, whatever the method. */
const notFound = apiRoute({
  methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
  signedIn: false,
  failure: "Not found.",
  handle: async () => {
    throw new DomainError("NOT_FOUND", "Not found.");
  },
});

export const loader = notFound;
export const action = notFound;
