import { demoteAdmin, listAdmins, promoteToAdmin } from "@server/admin/admins";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { paymentSetup } from "@server/payments/payments";
import {
  editableSettingsSchema,
  getShopSettings,
  saveShopSettings,
} from "@server/settings/shop-settings";
import { z } from "zod";
import { AdminSettingsScreen } from "~/components/admin/admin-settings-screen";
import { parsePounds } from "~/lib/money";
import type { Route } from "./+types/dashboard.admin-settings";

// /dashboard/admin-settings and /dashboard/admin-payments (seed spec §2: the same screen): the
// payment provider's setup, the shop's settings, and who is an admin (behind the admin's guard).

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireUser(request);
  const [settings, admins] = await Promise.all([getShopSettings(), listAdmins(await getDb())]);
  return { settings, payments: paymentSetup(), admins, currentAdminId: admin.id };
}

const pounds = (message: string) =>
  z
    .string()
    .refine((text) => parsePounds(text) !== null, message)
    .transform((text) => parsePounds(text) ?? 0);

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number);

/** The settings form's fields as text; the settings module checks the values themselves. */
const settingsForm = z
  .object({
    shopName: z.string(),
    supportEmail: z.string(),
    supportPhone: z.string(),
    supportHours: z.string(),
    whatsappNumber: z.string(),
    shippingFlatRate: pounds("Enter the shipping in pounds, such as 3.99."),
    freeShippingOver: pounds("Enter the threshold in pounds, such as 50.00."),
    firstOrderDiscountPercent: wholeNumber("The discount is a whole number of percent."),
    pendingOrderMinutes: wholeNumber("Minutes are a whole number."),
    announcement1: z.string(),
    announcement2: z.string(),
    announcement3: z.string(),
  })
  .transform(
    ({
      shippingFlatRate,
      freeShippingOver,
      announcement1,
      announcement2,
      announcement3,
      ...rest
    }) => ({
      ...rest,
      shippingFlatRatePence: shippingFlatRate,
      freeShippingOverPence: freeShippingOver,
      announcementOverrides: [announcement1, announcement2, announcement3],
    }),
  )
  .pipe(editableSettingsSchema);

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireUser(request);
  const db = await getDb();
  return answerForm(request, {
    settings: formIntent(settingsForm, (input) =>
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
