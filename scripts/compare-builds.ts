import { parseArgs } from "node:util";
import { freshPostgresDatabase } from "./bench-database";
import { startBuiltServer } from "./built-server";
import { median, renderCpuMs } from "./render-cpu";

// Compares the server CPU of an uncached render between builds, run in turn so that the machine's
// drift (on the shared test machine, a third or more within an hour) falls on each alike. Each
// build is a folder holding build/, drizzle/ and node_modules/: a git worktree of another commit,
// with this project's node_modules linked in when the dependencies match, then `npm run build`:
//
//   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/
//   (cd /tmp/before && npm run build)
//   npx tsx scripts/compare-builds.ts /tmp/before . [--page /store] [--rounds 3]
//
// One worker, page cache off, the demo shop; on PostgreSQL when BENCH_POSTGRES_URL is set (a fresh
// database per build, as their schemas may differ), else PGlite in memory. Prints each round and,
// per build, the median and range of its measures (two per round).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    page: { type: "string", default: "/product/prod1" },
    rounds: { type: "string", default: "3" },
  },
});
const builds = positionals;
const rounds = Number(values.rounds);
if (builds.length === 0 || !Number.isInteger(rounds) || rounds < 1) {
  console.error("usage: compare-builds.ts <build folder>... [--page PATH] [--rounds N]");
  process.exit(2);
}

const postgresUrl = process.env.BENCH_POSTGRES_URL;
const databases = await Promise.all(
  builds.map((_, index) =>
    postgresUrl ? freshPostgresDatabase(postgresUrl, `gleam_compare_${index}`) : null,
  ),
);
const measures = builds.map((): number[] => []);
try {
  for (let round = 1; round <= rounds; round++) {
    for (const [index, root] of builds.entries()) {
      const database = databases[index];
      const server = await startBuiltServer(
        {
          SHOP_MODE: "demo",
          WEB_CONCURRENCY: "1",
          LOG_LEVEL: "warn",
          PAGE_CACHE_TTL_SECONDS: "0",
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
        { root, captureOutput: false },
      );
      try {
        const pid = server.child.pid;
        if (pid === undefined) throw new Error("the server has no pid");
        const url = `${server.url}${values.page}`;
        const first = await renderCpuMs(pid, url);
        const second = await renderCpuMs(pid, url, { warm: 0 });
        measures[index]?.push(first, second);
        console.log(`round ${round} ${root}: ${first} ${second} ms`);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await Promise.all(databases.map((database) => database?.drop()));
}

for (const [index, root] of builds.entries()) {
  const measured = measures[index] ?? [];
  const sorted = [...measured].sort((a, b) => a - b);
  console.log(
    `${root}: median ${median(measured)} ms of server CPU per render of ${values.page} (${sorted[0]}-${sorted.at(-1)})`,
  );
}
