import { redirect } from "react-router";

// docs/product.md#screens: any other dashboard path goes to the overview.
export function loader() {
  return redirect("/dashboard");
}
