/**
 * The client's address. Behind `hops` proxies that each append the address they were reached from
 * to X-Forwarded-For, the client is the entry the outermost trusted proxy added: `hops` from the
 * right. Entries left of it were written by the client itself and prove nothing. With no trusted
 * proxy, or a header too short to have passed them all, it is the connecting address.
 */
export function clientAddress(
  forwardedFor: string | undefined,
  connectingAddress: string | null,
  hops: number,
): string | null {
  if (hops <= 0 || !forwardedFor) return connectingAddress;
  const entries = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length < hops) return connectingAddress;
  return entries[entries.length - hops] ?? connectingAddress;
}
