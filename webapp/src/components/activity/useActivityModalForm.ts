// The task and event modals are one form around different fields: react-hook-form set up as
// every form of the app, the contacts and applications they pick from, their dependencies
// applied on every change, the save through the activity service (create or update; a saved
// item is toasted and handed on, a refusal goes through useActivitySave), the contacts narrowed
// to the chosen application, and the end of the form (FormEnd). This hook is that common part,
// written once so that the two modals cannot drift apart; each modal keeps its fields, its rules
// (taskForm.ts, eventForm.ts), its service calls and what only it does (the task's preselected
// contact).
import { useMemo, type ComponentProps } from "react";
import type { DescMessage, DescMethodUnary, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
// Only useForm's own methods (register, watch, setValue…): react-hook-form is one module shared
// with the login page, whose chunk would carry Controller or useFieldArray too.
import { useForm, type DefaultValues, type FieldErrors, type FieldPath } from "react-hook-form";
import { useMutation } from "@connectrpc/connect-query";
import type { ResourceValue } from "../resources/model";
import type { ViolationMapping } from "../../lib/useServerViolations";
import { changeValues } from "./formBinding";
import type { FormEnd, Locks } from "./formParts";
import { useActivityLookups } from "./lookups";
import { contactsFor, type Lookup } from "./subjects";
import { useActivitySave } from "./useSaveFailure";

/** The values both modals hold besides their own. */
type ActivityValues = { applicationId: string; contactId: string; comments: string; resources: ResourceValue[] };

/**
 * How a modal saves: the service's create and update calls, the request for the form's values
 * (an update's is the same with the item's id), and the item their answer holds.
 */
export type SaveCalls<F, S, CI extends DescMessage, CO extends DescMessage, UI extends DescMessage, UO extends DescMessage> = {
  create: DescMethodUnary<CI, CO>;
  update: DescMethodUnary<UI, UO>;
  request: (values: F) => MessageInitShape<CI> & MessageInitShape<UI>;
  saved: (answer: MessageShape<CO> | MessageShape<UO>) => S | undefined;
};

/** What both modals take: the values they open with, the pickers locked, and what they call once closed or saved. */
export type ActivityModalProps<F, S> = { initial: F; locks?: Locks; close: () => void; onSaved: (saved: S) => void };

export function useActivityModalForm<F extends ActivityValues, S, CI extends DescMessage, CO extends DescMessage, UI extends DescMessage, UO extends DescMessage>({
  initial,
  id,
  calls,
  dependencies,
  violations,
  pastDateField,
  toasts,
  close,
  onSaved,
}: {
  initial: F;
  /** The id of the item edited; absent to create one. */
  id?: string;
  calls: SaveCalls<F, S, CI, CO, UI, UO>;
  /** The form's dependencies once the lists are known; `patch` is what the user just changed. */
  dependencies: (values: F, lookups: Lookup, patch: Partial<F>) => F;
  /** Where the field violations go (a stable value: activityViolations at the module's level). */
  violations: ViolationMapping<FieldPath<F>>;
  /** The field a date in the past (DATE_IN_PAST) is refused on. */
  pastDateField: FieldPath<F>;
  /** The toast of a saved item, and the form's message when a refusal names none of its fields. */
  toasts: { created: string; updated: string; createError: string; updateError: string };
  close: () => void;
  onSaved: (saved: S) => void;
}) {
  const lookups = useActivityLookups();
  const form = useForm<F>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: initial as DefaultValues<F> });
  const create = useMutation(calls.create, { meta: { handlesErrors: true } });
  const update = useMutation(calls.update, { meta: { handlesErrors: true } });
  const saving = create.isPending || update.isPending;
  const editing = id !== undefined;

  const { formError, submit } = useActivitySave<F, S>(form, {
    violations,
    pastDateField,
    // Fields both forms hold (ActivityValues): the casts, as react-hook-form's types do not
    // narrow on a generic form's values.
    linkFields: { contact: "contactId" as FieldPath<F>, application: "applicationId" as FieldPath<F> },
    fallback: editing ? toasts.updateError : toasts.createError,
    close,
    savedToast: editing ? toasts.updated : toasts.created,
    onSaved,
    send: (values, done, onError) => {
      const request = calls.request(values);
      if (editing) update.mutate({ ...request, id }, { onSuccess: (r) => done(calls.saved(r)), onError });
      else create.mutate(request, { onSuccess: (r) => done(calls.saved(r)), onError });
    },
  });

  const change = (patch: Partial<F>) => {
    const values = { ...form.getValues(), ...patch };
    // Until both lists are read, a prefilled contact or application is kept as given: while they
    // load, and when one could not be read (an empty list would clear the task's own contact on
    // the next keystroke, and the save would unlink it). The server checks them on save.
    changeValues(form, lookups.known ? dependencies(values, lookups, patch) : values);
  };

  const values = form.watch();
  const errors = form.formState.errors;
  const application = lookups.applications.find((a) => a.id === values.applicationId);
  const contacts = useMemo(() => contactsFor(lookups.contacts, application), [lookups.contacts, application]);
  const contact = lookups.contacts.find((c) => c.id === values.contactId);

  // FormEnd's props but the comments' field (registered by the form, last in reading order) and
  // the labels. The casts: react-hook-form's types do not narrow on a generic form's values, so
  // the fields both forms hold are read and written through ActivityValues.
  const shared = errors as FieldErrors<ActivityValues>;
  const end: Omit<ComponentProps<typeof FormEnd>, "comments" | "cancelLabel" | "saveLabel"> = {
    commentsError: shared.comments?.message,
    resources: values.resources,
    onResources: (resources) => change({ resources } as Partial<F>),
    error: formError ?? shared.resources?.message,
    saving,
    close,
  };
  return { form, lookups, values, errors, change, submit, contacts, contact, end };
}
