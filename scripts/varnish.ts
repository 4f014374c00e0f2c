import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./built-server";

// Varnish (Debian's package, installed by .ci/run) in front of instances of the built shop, with
// the shop's own VCL (deploy/varnish/gleam.vcl) and a backends file written for these instances:
// used by the shared-cache end-to-end test and `npm run bench -- --scale`.

const projectRoot = join(import.meta.dirname, "..");
export const VARNISHD = process.env.VARNISHD_PATH ?? "/usr/sbin/varnishd";

export type Varnish = {
  port: number;
  /** The address shoppers use: localhost, so the shop's BASE_URL can name it. */
  url: string;
  /** Everything varnishd printed so far. */
  output(): string;
  stop(): Promise<void>;
};

export function varnishInstalled(): boolean {
  return existsSync(VARNISHD);
}

function backendsVcl(ports: readonly number[]): string {
  const backends = ports
    .map(
      (port, index) => `backend shop_${index} {
    .host = "127.0.0.1";
    .port = "${port}";
    .probe = gleam_health;
}`,
    )
    .join("\n");
  return `probe gleam_health {
    .url = "/healthz";
    .interval = 500ms;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}
${backends}
acl gleam_purgers {
    "127.0.0.1";
}
sub vcl_init {
    new gleam = directors.round_robin();
${ports.map((_, index) => `    gleam.add_backend(shop_${index});`).join("\n")}
}
`;
}

/** The shop's VCL as committed, beside a backends file naming these instances. */
function writeVcl(work: string, backendPorts: readonly number[]): void {
  // varnishd compiles the VCL as its own unprivileged user: it must be able to read it.
  chmodSync(work, 0o755);
  copyFileSync(join(projectRoot, "deploy", "varnish", "gleam.vcl"), join(work, "gleam.vcl"));
  writeFileSync(join(work, "gleam-backends.vcl"), backendsVcl(backendPorts));
}

/** Starts varnishd on a free port (or `port`) in front of the instances on `backendPorts`. */
export async function startVarnish(
  backendPorts: readonly number[],
  options: { port?: number; memory?: string } = {},
): Promise<Varnish> {
  if (!varnishInstalled()) {
    throw new Error(`${VARNISHD} is missing: .ci/run installs Debian's varnish package`);
  }
  const port = options.port ?? (await freePort());
  const work = mkdtempSync(join(tmpdir(), "gleam-varnish-"));
  writeVcl(work, backendPorts);
  const args = [
    "-F",
    "-n",
    join(work, "state"),
    "-a",
    `127.0.0.1:${port}`,
    // vcl_path first: it is where the include of gleam-backends.vcl is looked up.
    "-p",
    `vcl_path=${work}`,
    "-f",
    join(work, "gleam.vcl"),
    "-s",
    `malloc,${options.memory ?? "256m"}`,
    // No management port, no jail to switch users into: a test's own throwaway instance.
    "-T",
    "none",
    "-j",
    "none",
  ];
  const child: ChildProcess = spawn(VARNISHD, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(work, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited with ${child.exitCode}:\n${output}`);
    }
    try {
      // Any answer (a 503 while the backends' probes settle) says it listens.
      await (await fetch(`http://127.0.0.1:${port}/healthz`)).arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`varnishd did not listen on ${port}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { port, url: `http://localhost:${port}`, output: () => output, stop };
}

/** True when varnishd compiles the shop's VCL (a syntax check: `varnishd -C`). */
export function checkVcl(): { ok: boolean; output: string } {
  const work = mkdtempSync(join(tmpdir(), "gleam-vcl-"));
  try {
    writeVcl(work, [3000]);
    const result = spawnSync(
      VARNISHD,
      ["-C", "-n", join(work, "state"), "-p", `vcl_path=${work}`, "-f", join(work, "gleam.vcl")],
      { encoding: "utf8" },
    );
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
