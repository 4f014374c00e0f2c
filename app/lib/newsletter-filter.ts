// The admin's newsletter list filtered by status, as its URL says it (?status=subscribed): the
// list and its CSV read it the same way; anything else is every address.

export const subscriberFilters = [
  { value: "", label: "All" },
  { value: "subscribed", label: "Subscribed" },
  { value: "pending", label: "Not confirmed" },
  { value: "unsubscribed", label: "Unsubscribed" },
] as const;

export type SubscriberFilter = (typeof subscriberFilters)[number]["value"];

export function subscriberStatusFilter(value: string | null): SubscriberFilter {
  return subscriberFilters.find((filter) => filter.value === value)?.value ?? "";
}
