// An abandoned checkout as the admin's list shows it (server/admin/abandoned-checkouts.ts reads
// them; docs/admin.md#abandoned-checkouts).

export type AbandonedCheckout = {
  orderId: string;
  number: number;
  userId: string | null;
  customerName: string;
  customerEmail: string;
  /** "2 × Whitening Toothpaste, 1 × Whitening Pen (Twin Pack)" */
  items: string;
  totalPence: number;
  startedAt: Date;
  /** Still pending: its stock held, the customer may still pay. */
  open: boolean;
  reminderSentAt: Date | null;
  /** The order that recovered it, if the customer bought again within a week. */
  recoveredBy: { orderId: string; number: number } | null;
};
