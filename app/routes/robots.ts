import { env } from "@server/env";
import { buildRobotsTxt } from "~/lib/sitemap";

export function loader() {
  return new Response(buildRobotsTxt(env.BASE_URL), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
