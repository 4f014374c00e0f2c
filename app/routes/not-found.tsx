import { data } from "react-router";

// Any URL no other route matches: the root error boundary shows the fallback screen with 404.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
