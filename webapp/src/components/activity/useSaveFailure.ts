// What a refused save does to an activity form: the app's own handling first (the subscription
// page, the sign-out), then the server's field refusals on their fields, a contact or an
// application chosen in the form and deleted meanwhile is said under its field (the pickers'
// lists reload, the form keeps what was typed), only the activity itself deleted meanwhile
// closes the form with a toast, and anything else is the form's message under it.
// And the submit of the task and event modals around it (useActivitySave).
import { useState, type FormEvent } from "react";
import type { FieldPath, FieldValues, UseFormGetValues, UseFormHandleSubmit, UseFormSetError } from "react-hook-form";
import { useToast } from "../Toasts";
import { errorReason, missingEntity } from "../../lib/errors";
import { activityMessages } from "../../lib/messages/activities";
import { handledByApp } from "../../lib/queryClient";
import { useRefreshApplications } from "../../lib/refresh";
import { useServerViolations, type ViolationMapping } from "../../lib/useServerViolations";

type SaveFailureOptions<F extends FieldValues> = {
  /** Where the field violations go (a stable value: activityViolations at the module's level). */
  violations: ViolationMapping<FieldPath<F>>;
  /** The field a date in the past (DATE_IN_PAST) is refused on. */
  pastDateField?: FieldPath<F>;
  /** The fields of the contact and the application the activity links to (the task and event forms). */
  linkFields?: { contact: FieldPath<F>; application: FieldPath<F> };
  /** The form's message when the refusal concerns none of its fields. */
  fallback: string;
  setFormError: (message: string) => void;
  close: () => void;
};

export function useSaveFailure<F extends FieldValues>(
  form: { setError: UseFormSetError<F>; getValues: UseFormGetValues<F> },
  { violations, pastDateField, linkFields, fallback, setFormError, close }: SaveFailureOptions<F>,
): (err: unknown) => void {
  const toast = useToast();
  const placeViolations = useServerViolations(form, violations);
  // The contacts and the open applications the pickers read (lookups.ts), whose contacts narrow
  // the contact picker: both services' answers.
  const refreshLookups = useRefreshApplications();
  return (err: unknown) => {
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "DATE_IN_PAST" && pastDateField) {
      form.setError(pastDateField, { type: "server", message: activityMessages.form.deadlinePast }, { shouldFocus: true });
      return;
    }
    if (reason === "INVALID_FIELDS" && placeViolations(err)) return;
    // A save reads the task or event edited first (UpdateTask, UpdateEvent), then the application
    // and the contact the draft names (internal/tasks.Link): the entity named is the one gone.
    const gone = missingEntity(err);
    const linkField = gone === "contact" ? linkFields?.contact : gone === "application" ? linkFields?.application : undefined;
    if (linkField) {
      // A contact or an application chosen in the form was deleted meanwhile: said under its
      // field, the lists reload without it, and the form stays open with what was typed.
      const message = gone === "contact" ? activityMessages.form.contactGone : activityMessages.form.applicationGone;
      form.setError(linkField, { type: "server", message }, { shouldFocus: true });
      void refreshLookups();
      return;
    }
    if (gone === "task" || gone === "event") {
      // The task or event edited was deleted meanwhile: nothing left to save.
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
