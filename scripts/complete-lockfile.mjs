// `npm run lockfile:complete`, after any `npm install` that rewrote package-lock.json on a machine
// whose registry mirror serves only Linux builds of platform-specific packages (biome, tailwind's
// oxide, lightningcss, rolldown, esbuild...). npm then leaves those optional packages out of the
// lock, and `npm ci` refuses it ("Missing: ... from lock file"). This adds an entry for each, with
// the os/cpu/libc read from its name, so the lock is complete: npm skips them on other platforms,
// and fetches them by version (without an integrity hash) where they apply.
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const pkgs = lock.packages;
let added = 0;
function platformOf(name) {
  const n = name.split("/").pop();
  const os = [
    "darwin",
    "linux",
    "win32",
    "android",
    "freebsd",
    "openbsd",
    "netbsd",
    "sunos",
    "aix",
    "openharmony",
    "wasi",
    "win",
  ].find((o) => new RegExp(`(^|-)${o}(-|$)`).test(n));
  const cpu = [
    "x64",
    "arm64",
    "arm",
    "ia32",
    "riscv64",
    "ppc64",
    "s390x",
    "loong64",
    "mips64el",
    "wasm32",
    "armv7",
  ].find((c) => new RegExp(`(^|-)${c}(-|$)`).test(n));
  const libc = /musl/.test(n) ? "musl" : /gnu/.test(n) && os === "linux" ? "glibc" : undefined;
  return { os: os === "win" ? "win32" : os, cpu: cpu === "armv7" ? "arm" : cpu, libc };
}
for (const [path, entry] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[base] || pkgs[top]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) {
      console.log(`left out (not a platform package): ${dep}`);
      continue;
    }
    const stub = { version: version.replace(/^[\^~=]/, "") };
    if (cpu) stub.cpu = [cpu];
    if (entry.dev) stub.dev = true;
    if (libc) stub.libc = [libc];
    stub.optional = true;
    if (os) stub.os = [os];
    pkgs[top] = stub;
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
