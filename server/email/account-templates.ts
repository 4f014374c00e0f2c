import type { Brand } from "../settings/shop-settings";
import { button, layout, paragraph, textFooter } from "./email-layout";
import type { OutgoingEmail } from "./transport";

// The emails about who may run the shop (docs/admin.md#staff): an owner's invitation to join the
// staff with a role.

/** One message with a heading, paragraphs, a button to a link, and a closing line. */
function linkEmail(
  brand: Brand,
  input: {
    to: string;
    subject: string;
    heading: string;
    lines: string[];
    url: string;
    action: string;
    after: string;
  },
): OutgoingEmail {
  const { heading, lines, url, action, after } = input;
  return {
    to: input.to,
    subject: input.subject,
    html: layout(
      brand,
      heading,
      `${lines.map(paragraph).join("")}${button(url, action)}${paragraph(after)}`,
    ),
    text: `${heading}\n\n${lines.join("\n\n")}\n\n${action}: ${url}\n\n${after}\n${textFooter(brand)}`,
  };
}

export function staffInviteEmail(
  brand: Brand,
  to: string,
  invite: { role: string; invitedBy: string; days: number },
  url: string,
): OutgoingEmail {
  return linkEmail(brand, {
    to,
    subject: `You are invited to run ${brand.shopName} as ${invite.role}`,
    heading: `Join ${brand.shopName}'s staff`,
    lines: [
      "Hello,",
      `${invite.invitedBy} has invited you to help run ${brand.shopName} with the role ${invite.role}. Open the link to set a password, or to join with the account you already have under this address.`,
      `The link works once, for ${invite.days} days.`,
    ],
    url,
    action: "Accept the invitation",
    after:
      "If you did not expect this, you can ignore this email: nothing changes until the link is used.",
  });
}

export function emailChangeEmail(
  brand: Brand,
  to: string,
  person: { name: string; hours: number },
  url: string,
): OutgoingEmail {
  return linkEmail(brand, {
    to,
    subject: `Confirm your new email for ${brand.shopName}`,
    heading: "Confirm your new email address",
    lines: [
      `Hi ${person.name},`,
      `You asked to sign in to ${brand.shopName} with this address from now on. Open the link to confirm it: until then, your account keeps its old address.`,
      `The link works once, for ${person.hours} hours.`,
    ],
    url,
    action: "Confirm my new email",
    after: "If you did not ask for this, you can ignore this email: nothing changes.",
  });
}

/**
 * To an address that has an account already, when another account asked to move to it: its
 * owner learns of it, and the one who asked is answered as if it were free (decision record 080).
 */
export function emailTakenEmail(brand: Brand, to: string): OutgoingEmail {
  const heading = "Someone asked to use this address";
  const lines = [
    "Hello,",
    `Someone signed in to another ${brand.shopName} account asked to use this email address for it. This address already has an account with us, so nothing was changed.`,
    `If it was you, sign in with this address instead, or use a different one. If it was not, you need do nothing; write to ${brand.supportEmail} if it happens again.`,
  ];
  return {
    to,
    subject: `Your email address and ${brand.shopName}`,
    html: layout(brand, heading, lines.map(paragraph).join("")),
    text: `${heading}\n\n${lines.join("\n\n")}\n${textFooter(brand)}`,
  };
}

/** To the old address, once the change is made: the person learns of it if it was not them. */
export function emailChangedEmail(
  brand: Brand,
  to: string,
  change: { name: string; newEmail: string },
): OutgoingEmail {
  const heading = "Your email address was changed";
  const lines = [
    `Hi ${change.name},`,
    `Your ${brand.shopName} account now signs in with ${change.newEmail}. We logged you out on your other devices.`,
    `If this was not you, reply to this email or write to ${brand.supportEmail} straight away.`,
  ];
  return {
    to,
    subject: `Your ${brand.shopName} email address was changed`,
    html: layout(brand, heading, lines.map(paragraph).join("")),
    text: `${heading}\n\n${lines.join("\n\n")}\n${textFooter(brand)}`,
  };
}
