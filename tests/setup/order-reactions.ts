import { installOrderReactions } from "../../server/http/order-reactions";

// The integration tests change orders as the server does: with the customer's emails and the
// payment provider's follow-ups wired, as server/http/main.ts wires them at start.
installOrderReactions();
