import { adminActor } from "@server/audit/audit-log";
import { demoteAdmin, listAdmins, promoteToAdmin } from "@server/auth/admins";
import { requireUser } from "@server/auth/guards";
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
// payment provider's setup, the shop's settings, and who is an admin (behind the admin's guard).

export async function loader({ request, url }: Route.LoaderArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  const [settings, version, admins] = await Promise.all([
    getShopSettings(),
    settingsVersion(db),
    listAdmins(db),
  ]);
  return {
    settings: { ...settings, version },
    payments: paymentSetup(),
    admins,
    currentAdminId: admin.id,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    settings: formIntent(settingsFormSchema, (input) =>
      saveShopSettings(db, adminActor(admin.id), input),
    ),
    promote: formIntent(
      z.object({ email: z.email("Enter the email address of their account.").max(254) }),
      (input) => promoteToAdmin(db, admin.id, input.email),
    ),
    demote: formIntent(z.object({ userId: z.string().min(1).max(100) }), (input) =>
      demoteAdmin(db, admin.id, input.userId),
    ),
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <AdminSettingsScreen {...loaderData} />;
}
