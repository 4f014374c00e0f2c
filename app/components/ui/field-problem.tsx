// A form's refusal shown beside the field at fault (the action's answer names it): the message
// under the control, and the control marked invalid and described by it. A form may be refused
// for several fields at once: each shows its own.

export type FieldProblem = { field?: string; message: string } | null;

export function fieldProblems(
  idPrefix: string,
  problem: FieldProblem | readonly NonNullable<FieldProblem>[],
) {
  const list = Array.isArray(problem) ? problem : problem ? [problem] : [];
  const errorId = (field: string) => `${idPrefix}-${field}-error`;
  const about = (field: string) => list.find((entry) => entry.field === field);
  return {
    /** The message, when the refusal is about `field`. */
    errorFor: (field: string) => {
      const found = about(field);
      return found ? (
        <p id={errorId(field)} className="text-sm font-medium text-coral-strong">
          {found.message}
        </p>
      ) : null;
    },
    /** aria-invalid and aria-describedby for the control of `field`, when at fault. */
    invalid: (field: string) =>
      about(field) ? { "aria-invalid": true as const, "aria-describedby": errorId(field) } : {},
  };
}
