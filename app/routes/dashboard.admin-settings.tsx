import { staffRoles } from "@common/auth/staff-access";
import { adminActor } from "@server/audit/audit-log";
import { changeStaffRole, listStaff, removeStaff } from "@server/auth/admins";
import { requireUser } from "@server/auth/guards";
import {
  inviteStaff,
  listPendingInvites,
  resendInvite,
  withdrawInvite,
} from "@server/auth/staff-invites";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { paymentSetup } from "@server/payments/payments";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { settingsFormSchema } from "@server/settings/settings-form";
import { getShopSettings } from "@server/settings/shop-settings";
import { z } from "zod";
import { AdminSettingsScreen } from "~/components/admin/admin-settings-screen";
import type { Route } from "./+types/dashboard.admin-settings";

// /dashboard/admin-settings and /dashboard/admin-payments (docs/product.md#screens: the same screen): the
// payment provider's setup, the shop's settings, and the staff with their roles (behind the admin's
// guard: the owner's alone, common/auth/staff-access.ts).

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  const [settings, version, staff, invites] = await Promise.all([
    getShopSettings(),
    settingsVersion(db),
    listStaff(db),
    listPendingInvites(db),
  ]);
  return {
    settings: { ...settings, version },
    payments: paymentSetup(),
    staff,
    invites,
    currentAdminId: admin.id,
  };
}

const staffRoleField = z.enum(staffRoles, "Choose a role.");
const inviteId = z.string().min(1).max(100);

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    settings: formIntent(settingsFormSchema, (input) =>
      saveShopSettings(db, adminActor(admin.id), input),
    ),
    invite: formIntent(
      z.object({
        email: z.email("Enter the email address to invite.").max(254),
        staffRole: staffRoleField,
      }),
      (input) => inviteStaff(db, admin.id, input),
    ),
    "resend-invite": formIntent(z.object({ inviteId }), (input) =>
      resendInvite(db, admin.id, input.inviteId),
    ),
    "withdraw-invite": formIntent(z.object({ inviteId }), (input) =>
      withdrawInvite(db, admin.id, input.inviteId),
    ),
    "change-role": formIntent(
      z.object({ userId: z.string().min(1).max(100), staffRole: staffRoleField }),
      (input) => changeStaffRole(db, admin.id, input.userId, input.staffRole),
    ),
    "remove-staff": formIntent(z.object({ userId: z.string().min(1).max(100) }), (input) =>
      removeStaff(db, admin.id, input.userId),
    ),
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <AdminSettingsScreen {...loaderData} />;
}
