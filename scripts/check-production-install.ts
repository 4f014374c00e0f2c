import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBuiltServer } from "./built-server";

// `npm run check:production` (a CI step after `npm test`): installs the locked runtime dependencies
// alone (`npm ci --omit=dev`) beside a copy of the build, as a production machine would, serves it
// and waits for /healthz to answer 200 and the home page to render; then runs the install's own
// `npm run db:migrate`, `npm run backup` and `npm run restore`, and serves the restored
// copy. A module the server imports but only a development dependency brings in fails here with
// ERR_MODULE_NOT_FOUND.

const root = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "gleam-production-"));
let stop: (() => Promise<unknown>) | undefined;
try {
  for (const item of ["package.json", "package-lock.json", ".npmrc", "build", "drizzle"]) {
    cpSync(join(root, item), join(dir, item), { recursive: true });
  }
  console.log(`npm ci --omit=dev in ${dir}`);
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
    cwd: dir,
    stdio: "inherit",
  });
  const server = await startBuiltServer(
    { DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn" },
    { root: dir },
  );
  stop = () => server.stop();
  const home = await fetch(`${server.url}/`);
  if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
  console.log(`production install serves the shop: /healthz 200, / ${home.status}`);
  await server.stop();

  const npmRun = (script: string, args: string[], dataDir: string) =>
    execFileSync("npm", ["run", "--silent", script, "--", ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, DATA_DIR: dataDir },
      encoding: "utf8",
    }).trim();
  console.log(npmRun("db:migrate", [], join(dir, "data")));
  console.log(npmRun("backup", ["--out", join(dir, "shop.tar.gz")], join(dir, "data")));
  console.log(npmRun("restore", [join(dir, "shop.tar.gz")], join(dir, "restored")));
  const restored = await startBuiltServer(
    { DATA_DIR: join(dir, "restored"), LOG_LEVEL: "warn" },
    { root: dir },
  );
  stop = () => restored.stop();
  const product = await fetch(`${restored.url}/product/prod1`);
  if (product.status !== 200) throw new Error(`the restored shop answered ${product.status}`);
  console.log(
    `the production install's backup restores a shop that serves: /product/prod1 ${product.status}`,
  );
} finally {
  await stop?.();
  rmSync(dir, { recursive: true, force: true });
}
