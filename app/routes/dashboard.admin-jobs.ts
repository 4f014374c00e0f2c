import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { kickJob } from "@server/jobs/job-kick";
import { retryParkedJob } from "@server/jobs/job-queue";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.admin-jobs";

// POST /dashboard/admin-jobs: the admin sends a parked job (an email not delivered, a payment
// follow-up the provider kept refusing) back to the queue; the overview lists them. Behind the
// admin's guard (dashboard.admin); nothing to show here, so a visit goes to the overview.

export function loader() {
  return redirect("/dashboard");
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    retry: formIntent(z.object({ jobId: z.string().min(1).max(100) }), async ({ jobId }) => {
      await retryParkedJob(db, adminActor(admin.id), jobId);
      kickJob();
    }),
  });
}
