// What a refused save does to an activity form: the app's own handling first (the subscription
// page, the sign-out), then the server's field refusals on their fields, an activity deleted
// meanwhile closes the form with a toast, and anything else is the form's message under it.
// And the submit of the task and event modals around it (useActivitySave).
import { useState, type FormEvent } from "react";
import type { FieldPath, FieldValues, UseFormGetValues, UseFormHandleSubmit, UseFormSetError } from "react-hook-form";
import { useToast } from "../Toasts";
import { errorReason, isNotFound } from "../../lib/errors";
import { activityMessages } from "../../lib/messages/activities";
import { handledByApp } from "../../lib/queryClient";
import { useServerViolations, type ViolationMapping } from "../../lib/useServerViolations";

type SaveFailureOptions<F extends FieldValues> = {
  /** Where the field violations go (a stable value: activityViolations at the module's level). */
  violations: ViolationMapping<FieldPath<F>>;
  /** The field a date in the past (DATE_IN_PAST) is refused on. */
  pastDateField?: FieldPath<F>;
  /** The form's message when the refusal concerns none of its fields. */
  fallback: string;
  setFormError: (message: string) => void;
  close: () => void;
};

export function useSaveFailure<F extends FieldValues>(
  form: { setError: UseFormSetError<F>; getValues: UseFormGetValues<F> },
  { violations, pastDateField, fallback, setFormError, close }: SaveFailureOptions<F>,
): (err: unknown) => void {
  const toast = useToast();
  const placeViolations = useServerViolations(form, violations);
  return (err: unknown) => {
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "DATE_IN_PAST" && pastDateField) {
      form.setError(pastDateField, { type: "server", message: activityMessages.form.deadlinePast }, { shouldFocus: true });
      return;
    }
    if (reason === "INVALID_FIELDS" && placeViolations(err)) return;
    if (isNotFound(err)) {
      toast.error(activityMessages.toasts.gone);
      close();
      return;
    }
    setFormError(fallback);
  };
}

/**
 * The submit of an activity modal: clears the form's message, validates, `send`s the values; a
 * saved item is toasted (`savedToast`) and handed to `onSaved`, a refusal goes through
 * useSaveFailure.
 */
export function useActivitySave<F extends FieldValues, S>(
  form: { setError: UseFormSetError<F>; getValues: UseFormGetValues<F>; handleSubmit: UseFormHandleSubmit<F> },
  {
    send,
    savedToast,
    onSaved,
    ...failure
  }: Omit<SaveFailureOptions<F>, "setFormError"> & {
    send: (values: F, done: (saved: S | undefined) => void, onError: (err: unknown) => void) => void;
    savedToast: string;
    onSaved: (saved: S) => void;
  },
) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | undefined>();
  const onFailure = useSaveFailure(form, { ...failure, setFormError });
  const done = (saved: S | undefined) => {
    if (!saved) return;
    toast.success(savedToast);
    onSaved(saved);
  };
  const save = form.handleSubmit((values) => send(values, done, onFailure));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    setFormError(undefined);
    void save(e);
  };
  return { formError, submit };
}
