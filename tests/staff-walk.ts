import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { WalkedRoute } from "./e2e/staff-walk";

// What the staff walk (e2e/staff-access.spec.ts) would miss: an admin route of app/routes.ts it
// does not open, or an intent of a route's action it does not post. Read from the sources, so a
// new screen or a new form action cannot be added without the walk trying it as every role.

/** The admin layout's routes in app/routes.ts: their address and module. */
export function adminRoutes(routesSource: string): { path: string; file: string }[] {
  const start = routesSource.indexOf('layout("routes/dashboard.admin.tsx"');
  if (start < 0) return [];
  const block = routesSource.slice(start, routesSource.indexOf("]),", start));
  return [...block.matchAll(/route\(\s*"([^"]+)",\s*"routes\/([^"]+)"/g)].map((match) => ({
    path: `/dashboard/${match[1]}`,
    file: match[2] ?? "",
  }));
}

/** The intents a route's action takes through answerForm, and whether it has an action. */
function actionIntents(source: string): { action: boolean; intents: string[] } {
  const action = /export (async )?function action\b/.test(source);
  const intents = [...source.matchAll(/^\s+"?([a-z-]+)"?: formIntent\(/gm)].map(
    (match) => match[1] ?? "",
  );
  // An action that reads its own form: the intents its schema names.
  const own = /intent: z\.enum\(\[([^\]]*)\]\)/.exec(source)?.[1];
  const named = own ? [...own.matchAll(/"([a-z-]+)"/g)].map((match) => match[1] ?? "") : [];
  return { action, intents: [...intents, ...named] };
}

function patternOf(path: string): RegExp {
  const parts = path.split("/").map((part) => (part.startsWith(":") ? "[^/]+" : part));
  return new RegExp(`^${parts.join("/")}$`);
}

export function walkGaps(
  routesSource: string,
  readRoute: (file: string) => string,
  walked: readonly WalkedRoute[],
): string[] {
  const gaps: string[] = [];
  for (const route of adminRoutes(routesSource)) {
    const visits = walked.filter(
      (each) =>
        each.file === route.file &&
        patternOf(route.path).test(new URL(each.open, "http://x").pathname),
    );
    if (visits.length === 0) {
      gaps.push(`${route.path} (${route.file}) is not opened`);
      continue;
    }
    const { action, intents } = actionIntents(readRoute(route.file));
    for (const visit of visits) {
      if (action && !visit.post) gaps.push(`${visit.open}: its action is not posted to`);
      const posted = new Set(visit.intents ?? []);
      for (const intent of intents.length > 0 ? intents : action ? [""] : []) {
        if (!posted.has(intent)) gaps.push(`${visit.open}: intent "${intent}" is not posted`);
      }
    }
  }
  return gaps;
}

export function readRouteFile(root: string) {
  return (file: string) => readFileSync(join(root, "app", "routes", file), "utf8");
}
