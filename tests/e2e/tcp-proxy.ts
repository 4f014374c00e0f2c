import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay the test can cut: `stop()` drops every connection and stops listening (the database
 * "goes away"), `start()` listens on the same port again (it "comes back"), and `freeze()` keeps
 * every connection open but carries nothing either way, old or new (the network goes silent).
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<[Socket, Socket]>();
  private frozen = false;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  start(): Promise<void> {
    this.frozen = false;
    const server = createServer((client) => {
      if (this.frozen) {
        // Accepted, never answered.
        this.sockets.add(client);
        client.on("close", () => this.sockets.delete(client));
        client.on("error", () => {});
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      this.pairs.add([client, upstream]);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  freeze(): void {
    this.frozen = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  stop(): Promise<void> {
    this.pairs.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
