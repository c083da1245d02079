// The transaction page's question while a payment is open: has it moved on?
// GET /api/payments/<id> answers { payment_id, status, credits, method }.

interface PaymentAnswer {
  payment_id: number;
  status: string;
}

/** Whether an answer of /api/payments/<id> is about this payment and brings a new status. */
export function paymentMovedOn(answer: unknown, payment: { id: number; status: string }): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const { payment_id, status } = answer as Partial<PaymentAnswer>;
  return payment_id === payment.id && typeof status === "string" && status !== payment.status;
}
