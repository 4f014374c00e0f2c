import { staffMay } from "@common/auth/staff-access";
import { formatOrderNumber } from "@common/orders/order-number";
import { routeMeta } from "@common/seo";
import { getAdminOrder } from "@server/admin/admin-order-detail";
import {
  cancelOrderFromAdmin,
  deliverOrder,
  fulfilOrder,
  refundOrderFromAdmin,
  resolveRefundFromAdmin,
} from "@server/admin/order-actions";
import {
  addOrderNote,
  emailCustomerAboutOrder,
  resendOrderEmailFromAdmin,
} from "@server/admin/order-follow-up";
import { getPackingOrder } from "@server/admin/packing-order";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { resendableEmails } from "@server/email/order-emails";
import { answerForm, formIntent } from "@server/http/form-action";
import { documentsOfOrder } from "@server/invoices/documents";
import {
  refundFormSchema,
  returnReceiptSchema,
  shownStatusField,
} from "@server/payments/refund-form";
import {
  approveReturn,
  receiveReturn,
  refundReturn,
  rejectReturn,
} from "@server/returns/return-decisions";
import { returnsOfOrder } from "@server/returns/returns";
import { data } from "react-router";
import { z } from "zod";
import { OrderActions } from "~/components/admin/order-actions";
import { OrderDetail } from "~/components/admin/order-detail";
import { OrderFollowUp } from "~/components/admin/order-follow-up";
import { PackingOrderView } from "~/components/admin/packing-order";
import { OrderReturnsAdmin } from "~/components/admin/return-actions";
import type { Route } from "./+types/dashboard.admin-order";

// /dashboard/admin-orders/:orderId: one order, its history, and what the admin may do with it
// (behind the admin's guard, dashboard.admin). Each action goes through server/admin/order-actions.

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const db = await getDb();
  // Staff who only send orders see what to pack and where, nothing more (docs/decisions/071).
  if (!staffMay(user.staffRole, "orders")) {
    const packing = await getPackingOrder(db, params.orderId);
    if (!packing) throw data("Order not found.", { status: 404 });
    return { view: "packing" as const, packing };
  }
  const detail = await getAdminOrder(db, params.orderId);
  if (!detail) throw data("Order not found.", { status: 404 });
  const [documents, returns] = await Promise.all([
    documentsOfOrder(db, params.orderId),
    returnsOfOrder(db, params.orderId),
  ]);
  return { view: "full" as const, detail: { ...detail, documents, returns } };
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it under ${max} characters.`)
    .transform((text) => (text === "" ? null : text))
    .catch(null);

const reason = optionalText(500);

const requiredText = (max: number, empty: string) =>
  z.string().trim().min(1, empty).max(max, `Keep it under ${max} characters.`);

export async function action({ request, params, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  const orderId = params.orderId;
  return answerForm(request, {
    fulfil: formIntent(
      z.object({
        status: shownStatusField,
        carrier: optionalText(100),
        trackingNumber: optionalText(100),
      }),
      ({ status, ...shipment }) =>
        fulfilOrder(db, admin.id, orderId, { ...shipment, expectedStatus: status }),
    ),
    deliver: formIntent(z.object({ status: shownStatusField }), ({ status }) =>
      deliverOrder(db, admin.id, orderId, status),
    ),
    cancel: formIntent(
      z.object({
        status: shownStatusField,
        reason,
        // The pence the admin confirmed giving back, when the order is paid.
        refundPence: z
          .string()
          .regex(/^\d{1,9}$/, "Confirm the amount to refund.")
          .transform(Number)
          .optional(),
      }),
      (input) =>
        cancelOrderFromAdmin(db, admin.id, orderId, {
          reason: input.reason,
          expectedStatus: input.status,
          refundPence: input.refundPence,
        }),
    ),
    refund: formIntent(refundFormSchema, (input) =>
      refundOrderFromAdmin(db, admin.id, orderId, input),
    ),
    "resolve-refund": formIntent(
      z.object({
        refundId: z.string().min(1).max(100),
        outcome: z.enum(["made", "not-made", "checked"]),
      }),
      (input) => resolveRefundFromAdmin(db, admin.id, orderId, input),
    ),
    "return-approve": formIntent(
      z.object({ returnId: z.string().min(1).max(100), message: optionalText(1000) }),
      ({ returnId, message }) =>
        approveReturn(db, { adminId: admin.id, orderId, returnId, message }),
    ),
    "return-reject": formIntent(
      z.object({
        returnId: z.string().min(1).max(100),
        message: requiredText(1000, "Tell the customer why."),
      }),
      ({ returnId, message }) =>
        rejectReturn(db, { adminId: admin.id, orderId, returnId, message }),
    ),
    "return-receive": formIntent(returnReceiptSchema, ({ returnId, receipt }) =>
      receiveReturn(db, { adminId: admin.id, orderId, returnId }, receipt),
    ),
    "return-refund": formIntent(
      z.object({ returnId: z.string().min(1).max(100) }),
      ({ returnId }) => refundReturn(db, { adminId: admin.id, orderId, returnId }),
    ),
    note: formIntent(z.object({ note: requiredText(2000, "Write the note first.") }), ({ note }) =>
      addOrderNote(db, admin.id, orderId, note),
    ),
    resend: formIntent(
      z.object({ email: z.enum(resendableEmails, "Choose the email to send again.") }),
      ({ email }) => resendOrderEmailFromAdmin(db, admin.id, orderId, email),
    ),
    message: formIntent(
      z.object({
        // One line: an email's subject is a header.
        subject: requiredText(150, "Give the email a subject.").regex(
          /^[^\r\n]*$/,
          "Keep the subject on one line.",
        ),
        body: requiredText(2000, "Write the message first."),
      }),
      (message) => emailCustomerAboutOrder(db, admin.id, orderId, message),
    ),
  });
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  const order = loaderData?.view === "full" ? loaderData.detail.order : loaderData?.packing.order;
  return routeMeta(matches, () => ({
    title: `Order ${order ? formatOrderNumber(order.number) : ""}`.trim(),
    description: "An order in the shop's admin.",
    path: `/dashboard/admin-orders/${params.orderId}`,
    noindex: true,
  }));
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "packing") return <PackingOrderView {...loaderData.packing} />;
  const { detail } = loaderData;
  return (
    <OrderDetail
      detail={detail}
      documents={detail.documents}
      followUp={<OrderFollowUp order={detail.order} />}
    >
      <OrderActions order={detail.order} items={detail.items} />
      <OrderReturnsAdmin returns={detail.returns} order={detail.order} />
    </OrderDetail>
  );
}
