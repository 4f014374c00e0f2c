import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { retryParkedEmail } from "@server/email/outbox";
import { answerForm, formIntent } from "@server/http/form-action";
import { kickJob } from "@server/jobs/job-kick";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.admin-emails";

// POST /dashboard/admin-emails: the admin sends a parked email again (the overview lists them).
// Behind the admin's guard (dashboard.admin); nothing to show here, so a visit goes to the overview.

export function loader() {
  return redirect("/dashboard");
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    retry: formIntent(z.object({ emailId: z.string().min(1).max(100) }), async ({ emailId }) => {
      await retryParkedEmail(db, adminActor(admin.id), emailId);
      kickJob("email-outbox");
    }),
  });
}
