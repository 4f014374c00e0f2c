// The newsletter's words that are part of its proof of consent (decision record 045): shown beside
// the footer's form and kept with each address that signs up under them. Change them here and new
// sign-ups keep the new words; the old ones keep theirs.

export const NEWSLETTER_BLURB =
  "Exclusive deals, new product announcements and oral health tips, straight to your inbox.";

export const NEWSLETTER_PROMISE = "We email you a link to confirm; unsubscribe at any time.";

export const NEWSLETTER_CONSENT = `${NEWSLETTER_BLURB} ${NEWSLETTER_PROMISE}`;
