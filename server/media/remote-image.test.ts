import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { fetchRemoteImage, guardedFetchWith, isPrivateAddress } from "./remote-image";

// The import's picture fetch never reaches this machine or its network (docs/admin.md#product-csv).

describe("a picture fetched for an import", () => {
  it("counts this network's own addresses as private", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.10",
      "169.254.169.254",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      // IPv4 inside IPv6, however it is written.
      "::ffff:7f00:1",
      "::127.0.0.1",
      "::7f00:1",
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::a00:1",
      "2002:7f00:1::1",
      "2001:0:4136:e378::1",
      "not-an-address",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["151.101.1.69", "2a04:4e42::645"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses an address on this machine or its network, and anything but the web", async () => {
    expect(await fetchRemoteImage("http://127.0.0.1:5432/image.png")).toEqual({
      problem: "could not be used: 127.0.0.1 is not on the public internet",
    });
    expect(await fetchRemoteImage("http://[::1]/image.png")).toEqual({
      problem: "could not be used: [::1] is not on the public internet",
    });
    expect(await fetchRemoteImage("http://localhost:3000/image.png")).toEqual({
      problem: "could not be used: localhost is not on the public internet",
    });
    for (const [address, host] of [
      ["http://[::ffff:127.0.0.1]/image.png", "[::ffff:7f00:1]"],
      ["http://[::127.0.0.1]/image.png", "[::7f00:1]"],
      ["http://[64:ff9b::7f00:1]/image.png", "[64:ff9b::7f00:1]"],
    ]) {
      expect(await fetchRemoteImage(address ?? ""), address).toEqual({
        problem: `could not be used: ${host} is not on the public internet`,
      });
    }
    expect(await fetchRemoteImage("file:///etc/passwd")).toEqual({
      problem: "could not be used: only web addresses (https://) are fetched",
    });
  });

  it("says when the server answers with an error or something that is not a picture", async () => {
    expect(
      await fetchRemoteImage(
        "https://cdn.example/a.png",
        async () => new Response("", { status: 404 }),
      ),
    ).toEqual({ problem: "could not be fetched: the server answered 404." });
    expect(
      await fetchRemoteImage("https://cdn.example/a.png", async () => new Response("<html>")),
    ).toEqual({ problem: "could not be used: Upload a JPEG, PNG or WebP image." });
    expect(
      await fetchRemoteImage("https://cdn.example/a.png", async () => {
        throw new TypeError("fetch failed");
      }),
    ).toEqual({ problem: "could not be fetched: the server could not be reached." });
  });

  // DNS rebinding: a name checked as public, then connected to as private. The connection's own
  // lookup is the check, so the address connected to is the one checked.
  it("checks the address it connects to, in the connection's own lookup", async () => {
    let reached = 0;
    const server = createServer((_, response) => {
      reached++;
      response.end("secret");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let asked = 0;
    const rebinding = guardedFetchWith((_, callback) => {
      asked++;
      callback(null, [{ address: "127.0.0.1", family: 4 }]);
    });
    try {
      expect(
        await fetchRemoteImage(`http://rebinding.example:${port}/image.png`, rebinding),
      ).toEqual({
        problem: "could not be used: rebinding.example is not on the public internet",
      });
      expect(asked).toBeGreaterThan(0);
      expect(reached).toBe(0);
    } finally {
      server.close();
    }
  });
});
