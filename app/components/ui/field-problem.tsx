// A form's refusal shown beside the field at fault (the action's answer names it): the message
// under the control, and the control marked invalid and described by it.

export type FieldProblem = { field?: string; message: string } | null;

export function fieldProblems(idPrefix: string, problem: FieldProblem) {
  const errorId = (field: string) => `${idPrefix}-${field}-error`;
  return {
    /** The message, when the refusal is about `field`. */
    errorFor: (field: string) =>
      problem?.field === field ? (
        <p id={errorId(field)} className="text-sm font-medium text-coral-strong">
          {problem.message}
        </p>
      ) : null,
    /** aria-invalid and aria-describedby for the control of `field`, when at fault. */
    invalid: (field: string) =>
      problem?.field === field
        ? { "aria-invalid": true as const, "aria-describedby": errorId(field) }
        : {},
  };
}
