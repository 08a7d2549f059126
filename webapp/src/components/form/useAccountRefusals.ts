// What a staff modal creating an account (an agency and its administrator, a candidate) does
// with a refusal: an e-mail already in use is said under the e-mail field, in the server's
// words, and takes the focus; field violations go under their fields; anything else is said
// above the buttons (`formError`) and in a toast.
import { useState } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { useToast } from "../Toasts";
import { errorReason, serverMessage } from "../../lib/errors";
import { handledByApp } from "../../lib/queryClient";
import { useServerViolations } from "../../lib/useServerViolations";

export function useAccountRefusals<F extends FieldValues>(
  form: UseFormReturn<F>,
  {
    email,
    field,
    fallback,
    formMessage,
  }: {
    /** The field of the account's e-mail. */
    email: FieldPath<F>;
    /** The field a violation's path names (useServerViolations). */
    field: (path: string) => FieldPath<F> | undefined;
    /** The catalogue's creation error: the toast, and what is said when nothing better is. */
    fallback: string;
    /** The message above the buttons for a refusal that no field takes; `fallback` when undefined. */
    formMessage?: (err: unknown) => string | undefined;
  },
) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const placeViolations = useServerViolations(form, { field, fallback });

  const onFailure = (err: unknown) => {
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "EMAIL_ALREADY_USED") {
      form.setError(email, { message: serverMessage(err) ?? fallback }, { shouldFocus: true });
      return;
    }
    if (reason === "INVALID_FIELDS" && placeViolations(err)) return;
    setFormError(formMessage?.(err) ?? fallback);
    toast.error(fallback);
  };

  return { formError, clearFormError: () => setFormError(undefined), onFailure };
}
