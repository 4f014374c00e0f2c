import {
  type StaffRole,
  staffRoleLabels,
  staffRoleSummaries,
  staffRoles,
} from "@common/auth/staff-access";
import { formatLongDate } from "@common/dates";
import type { FormAnswer } from "@common/form-answer";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { showToast } from "~/lib/toast";
import { useConfirmedSubmit } from "./use-confirmed-submit";

type Member = { id: string; fullName: string; email: string; staffRole: StaffRole };
type Invite = {
  id: string;
  email: string;
  staffRole: StaffRole;
  expiresAt: Date;
  expired: boolean;
};

const REMOVE = "remove-staff";
const CHANGE = "change-staff-role";
const INVITE_ANSWER = "staff-invite-answer";

function RoleOptions() {
  return staffRoles.map((role) => (
    <option key={role} value={role}>
      {staffRoleLabels[role]}
    </option>
  ));
}

/** An answer as a toast: `done` (a title, a description) when it worked, else `failed` and why. */
function toastAnswer(result: FormAnswer, done: [string, string?], failed: string) {
  if (result.ok) void showToast(done[0], done[1] ? { description: done[1] } : undefined);
  else {
    void showToast(failed, {
      description: result.message ?? "Something went wrong",
      tone: "error",
    });
  }
}

function InviteForm() {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm("invite-staff", (result) => {
    toastAnswer(
      result,
      ["Invitation sent", "The link works once, for 7 days."],
      "Invitation not sent",
    );
    if (result.ok) form.current?.reset();
  });
  return (
    <fetcher.Form
      ref={form}
      method="post"
      aria-label="Invite staff"
      className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem_auto]"
    >
      <input type="hidden" name="intent" value="invite" />
      <Field id="staff-email" label="Invite by email">
        <Input id="staff-email" name="email" type="email" required autoComplete="off" />
      </Field>
      <Field id="staff-role" label="Role">
        <Select id="staff-role" name="staffRole" defaultValue="fulfilment">
          <RoleOptions />
        </Select>
      </Field>
      <Button type="submit" disabled={busy} className="self-end">
        Send invitation
      </Button>
    </fetcher.Form>
  );
}

/** An open invitation's two buttons: a new link sent again, or the invitation withdrawn. */
function InviteButtons({ invite }: { invite: Invite }) {
  const fetcher = useFetcher<FormAnswer>({ key: INVITE_ANSWER });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="inviteId" value={invite.id} />
      <Button
        type="submit"
        name="intent"
        value="resend-invite"
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={`Send the invitation to ${invite.email} again`}
      >
        Send again
      </Button>
      <Button
        type="submit"
        name="intent"
        value="withdraw-invite"
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={`Withdraw the invitation to ${invite.email}`}
      >
        Withdraw
      </Button>
    </fetcher.Form>
  );
}

function PendingInvites({ invites }: { invites: Invite[] }) {
  useAccountForm(INVITE_ANSWER, (result) => {
    const done =
      result.intent === "withdraw-invite" ? "Invitation withdrawn" : "Invitation sent again";
    toastAnswer(result, [done], "Invitation not changed");
  });
  if (invites.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 text-sm font-semibold">Invitations waiting</h3>
      <ul aria-label="Invitations waiting" className="mt-1 divide-y divide-line text-sm">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="min-w-0">
              <span className="block font-medium break-all">{invite.email}</span>
              <span className="block text-ink-muted">
                {staffRoleLabels[invite.staffRole]} ·{" "}
                {invite.expired
                  ? "Link expired"
                  : `Link works until ${formatLongDate(new Date(invite.expiresAt))}`}
              </span>
            </span>
            <InviteButtons invite={invite} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** A member's role, changed in place: the select and its button post together. */
function RoleForm({ member }: { member: Member }) {
  const fetcher = useFetcher<FormAnswer>({ key: CHANGE });
  const id = `role-${member.id}`;
  return (
    <fetcher.Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="change-role" />
      <input type="hidden" name="userId" value={member.id} />
      <label htmlFor={id} className="sr-only">
        Role of {member.fullName}
      </label>
      <Select id={id} name="staffRole" defaultValue={member.staffRole} className="h-10 w-40">
        <RoleOptions />
      </Select>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`Change the role of ${member.fullName}`}
      >
        Change
      </Button>
    </fetcher.Form>
  );
}

/** A member's Remove button: it asks first (access is taken away). */
function RemoveButton({ member }: { member: Member }) {
  const fetcher = useFetcher<FormAnswer>({ key: REMOVE });
  const asking = useConfirmedSubmit(fetcher);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        asking.ask(event.currentTarget, {
          title: `Remove staff access from ${member.fullName} (${member.email})?`,
          detail: (
            <p>
              They keep their customer account; from their next page they no longer see the admin.
              They can be added again.
            </p>
          ),
          confirmLabel: "Remove access",
          busyLabel: "Removing…",
        });
      }}
    >
      <input type="hidden" name="intent" value="remove-staff" />
      <input type="hidden" name="userId" value={member.id} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={asking.busy}
        aria-label={`Remove staff access from ${member.fullName} (${member.email})`}
      >
        Remove
      </Button>
      {asking.dialog}
    </fetcher.Form>
  );
}

/**
 * The staff and their roles (docs/decisions/071), on the owner's settings screen: each member's
 * role changed or access removed (never the owner's own), invitations sent by email with a role,
 * and those still waiting sent again or withdrawn.
 */
export function StaffSection({
  staff,
  invites,
  currentId,
}: {
  staff: Member[];
  invites: Invite[];
  currentId: string;
}) {
  useAccountForm(CHANGE, (result) =>
    toastAnswer(result, ["Role changed", "It holds from their next page."], "Role not changed"),
  );
  useAccountForm(REMOVE, (result) =>
    toastAnswer(result, ["Staff member removed", "They are a customer now."], "Not removed"),
  );
  return (
    <section aria-labelledby="staff-heading" className={`${cardClass} mt-6`}>
      <h2 id="staff-heading" className="text-lg font-semibold">
        Staff
      </h2>
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        {staffRoles.map((role) => (
          <div key={role} className="contents">
            <dt className="font-medium">{staffRoleLabels[role]}</dt>
            <dd className="text-ink-muted">{staffRoleSummaries[role]}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-2 divide-y divide-line text-sm">
        {staff.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="min-w-0">
              <span className="block font-medium">{member.fullName}</span>
              <span className="block text-ink-muted break-all">{member.email}</span>
            </span>
            {member.id === currentId ? (
              <span className="text-ink-muted">You · {staffRoleLabels[member.staffRole]}</span>
            ) : (
              <span className="flex flex-wrap items-end gap-3">
                <RoleForm member={member} />
                <RemoveButton member={member} />
              </span>
            )}
          </li>
        ))}
      </ul>
      <PendingInvites invites={invites} />
      <InviteForm />
    </section>
  );
}
