import { rmSync } from "node:fs";
import { seededDataDir } from "./seeded-shop";

// Before any worker starts: the seeded demo shop the specs copy (./seeded-shop.ts) is made once
// here. Made inside a spec's beforeAll, by both workers at once while other servers ran, the
// seeding took the whole of the hook's 30 s on the two cores and failed a run; copied, a start
// takes a few seconds. The copy this makes is not needed.
export default async function globalSetup() {
  rmSync(await seededDataDir(), { recursive: true, force: true });
}
