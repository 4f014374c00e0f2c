import { installOrderReactions } from "../../server/start/order-reactions";

// The integration tests change orders as the server does: with the customer's emails and the
// payment provider's follow-ups wired, as server/start/main.ts wires them at start.
installOrderReactions();
