import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

// Starts the production build (build/server/index.js) as a child process: used by the benchmark,
// the Lighthouse audit and the server lifecycle tests.

const projectRoot = join(import.meta.dirname, "..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no free port")),
      );
    });
  });
}

export type BuiltServer = {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | null>;
};

type StartOptions = {
  waitForHealth?: boolean;
  captureOutput?: boolean;
  /** The folder holding build/ and node_modules/ (default: this project). */
  root?: string;
};

export async function startBuiltServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<BuiltServer> {
  const root = options.root ?? projectRoot;
  const entry = join(root, "build", "server", "index.js");
  if (!existsSync(entry))
    throw new Error("build/server/index.js is missing: run `npm run build` first");
  // A free port is free when asked, not when the server binds it: another process starting at
  // the same moment may take it first. A port chosen here is chosen again then, never one given.
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const server = launch(entry, root, port, env, options);
    if (options.waitForHealth === false) return server;
    try {
      await waitForHealth(server);
      return server;
    } catch (error) {
      const taken = server.output().includes("EADDRINUSE");
      if (env.PORT || !taken || attempt === 3) throw error;
    }
  }
}

function launch(
  entry: string,
  root: string,
  port: number,
  env: Record<string, string>,
  options: StartOptions,
): BuiltServer {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      BASE_URL: `http://localhost:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", options.captureOutput === false ? "ignore" : "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

export async function waitForHealth(server: BuiltServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      // With several worker processes, only ready ones are handed connections once one is
      // (server/start/workers.ts): one healthy answer says the shop is ready.
      const response = await fetch(`${server.url}/healthz`, { headers: { Connection: "close" } });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on port ${server.port} did not become healthy:\n${server.output()}`);
}
