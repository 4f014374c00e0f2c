import { rmSync } from "node:fs";
import { seededDataDir } from "./seeded-shop";

// Before any worker starts: the seeded demo shop the specs copy (./seeded-shop.ts) is made once
// here, so a spec's hook only copies it and starts a server, never seeds one while other servers
// run beside it. The copy this makes is not needed.
export default async function globalSetup() {
  rmSync(await seededDataDir(), { recursive: true, force: true });
}
