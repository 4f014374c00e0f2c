// Where a parcel can be followed: the tracking page of the carrier the admin named (Royal Mail,
// DPD, Evri, UPS), or none, and then the number is shown as it is. Read by the customer's order
// page and the shipped email.

const carriers = [
  {
    name: "Royal Mail",
    matches: /\broyal\s*mail\b/i,
    url: (number: string) =>
      `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  },
  {
    name: "DPD",
    matches: /\bdpd\b/i,
    url: (number: string) => `https://track.dpd.co.uk/parcels/${number}`,
  },
  {
    name: "Evri",
    matches: /\b(evri|hermes)\b/i,
    url: (number: string) => `https://www.evri.com/track/parcel/${number}`,
  },
  {
    name: "UPS",
    matches: /\bups\b/i,
    url: (number: string) => `https://www.ups.com/track?tracknum=${number}`,
  },
] as const;

/** A tracking number as carriers print it: letters and digits, perhaps spaced or hyphenated. */
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;

export type Shipment = {
  /** The carrier as the admin wrote it, or null. */
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's page for this parcel, when the carrier is one the shop knows. */
  trackingUrl: string | null;
};

export function shipmentOf(carrier: string | null, trackingNumber: string | null): Shipment {
  const number = trackingNumber?.trim() || null;
  const known = carrier ? carriers.find((entry) => entry.matches.test(carrier)) : undefined;
  const trackingUrl =
    known && number && TRACKING_NUMBER.test(number)
      ? known.url(encodeURIComponent(number.replace(/[\s-]/g, "")))
      : null;
  return { carrier: carrier?.trim() || null, trackingNumber: number, trackingUrl };
}
