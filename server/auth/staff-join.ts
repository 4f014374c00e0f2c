import { INVITE_GONE } from "../../common/auth/account-messages";
import { MIN_PASSWORD } from "../../common/auth/password-rules";
import { getDb } from "../db/connection";
import { DomainError } from "../errors";
import { ensureAccount } from "./accounts";
import { type Caller, signInWithPassword } from "./auth-client";
import { COMMON_PASSWORD, isCommonPassword } from "./common-passwords";
import { getAuth } from "./session";
import { acceptInvite, inviteAtLink } from "./staff-invites";

// Joining the staff through an invitation's link with a new account (docs/decisions/072): the
// password is set on the page, the address is taken as confirmed (the link reached it), the role
// is given as the invitation is used, and the new member is signed in.

export async function joinWithPassword(
  caller: Caller,
  input: { token: string; fullName: string; password: string },
): Promise<string[]> {
  const db = await getDb();
  const invite = await inviteAtLink(db, input.token);
  if (!invite) throw new DomainError("NOT_FOUND", INVITE_GONE);
  if (invite.accountExists) {
    throw new DomainError("CONFLICT", "An account uses this address already: log in to accept.");
  }
  if (input.password.length >= MIN_PASSWORD && isCommonPassword(input.password)) {
    throw new DomainError("BAD_REQUEST", COMMON_PASSWORD, "password");
  }
  const { userId } = await ensureAccount(await getAuth(), db, {
    email: invite.email,
    password: input.password,
    fullName: input.fullName,
    role: "customer",
  });
  await acceptInvite(db, input.token, userId);
  return signInWithPassword(caller, { email: invite.email, password: input.password });
}
