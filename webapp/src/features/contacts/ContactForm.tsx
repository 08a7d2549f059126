// The contact modal's body: loads the contact to edit, holds the form's values and saves them —
// with, when the contact becomes reachable for the first time, a second step offering its first
// task, saved in the same call. The steps' fields are in ContactFields.tsx and FirstTaskStep.tsx.
import { useRef, useState } from "react";
// Only useForm's own methods (register, watch, setValue…): react-hook-form is one module shared
// with the login page, whose chunk would carry Controller or useFieldArray too.
import { useForm } from "react-hook-form";
import { callUnaryMethod, skipToken, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useNavigate } from "react-router";
import { ContactStatus } from "../../gen/tremplin/common/v1/common_pb";
import { NetworkService, type Contact } from "../../gen/tremplin/network/v1/network_pb";
import { useModals } from "../../components/ModalHost";
import { BodyLoading, LoadFailure } from "../../components/ModalBody";
import { useToast } from "../../components/Toasts";
import { errorReason, isNotFound, missingEntity, serverMessage } from "../../lib/errors";
import { networkMessages } from "../../lib/messages/network";
import { SUBSCRIPTION_PATH } from "../../lib/premium";
import { handledByApp } from "../../lib/queryClient";
import { useUser } from "../../lib/session";
import { useServerViolations, violationErrors } from "../../lib/useServerViolations";
import { ContactFields } from "./ContactFields";
import { EMPTY_CONTACT, contactToForm, formToDraft, violationTarget, type ContactFormValues } from "./contactFormValues";
import { FirstTaskStep } from "./FirstTaskStep";
import { taskMediaTypesFor } from "../../components/activity/subjects";
import { defaultFirstTask, type FirstTaskValues } from "./firstTask";
import { fullName, normalizeLastName } from "./names";
import { useApplyUpdate } from "./queries";
import { promptsFirstTask, statusPreview } from "./status";
import { useUnsavedChanges } from "../../components/modalChanges";
import { useRefreshNetwork } from "../../lib/refresh";

const f = networkMessages.form;
const ft = networkMessages.firstTask;
const t = networkMessages.toasts;

/** The service's own rules, whose messages are French. */
const OWN_RULES = /^(contact|task|resource)\./;

/** The field of a step that a violation's path names ("contact.task.deadline" → task's deadline). */
function stepField<N extends string>(step: "contact" | "task") {
  return (path: string): N | undefined => {
    const target = violationTarget(path);
    return target?.step === step && target.field !== "resources" ? (target.field as N) : undefined;
  };
}
const contactField = stepField<keyof ContactFormValues>("contact");
const taskField = stepField<keyof FirstTaskValues>("task");
/** The links have no field of the form's own: the server's message goes under the form. */
const resourcesField = (path: string) => (violationTarget(path)?.field === "resources" ? "resources" : undefined);

/** The modal body: loads the contact to edit (the list's items carry no notes nor resources). */
export function ContactModalBody({ contactId, close }: { contactId?: string; close: () => void }) {
  const toast = useToast();
  const refresh = useRefreshNetwork();
  // A contact deleted meanwhile is this modal's business; other refusals are the app's.
  const existing = useQuery(NetworkService.method.getContact, contactId ? { id: contactId } : skipToken, {
    meta: { handlesErrors: isNotFound },
    staleTime: 0,
  });
  const descendants = useQuery(NetworkService.method.listDescendants, contactId ? { id: contactId } : skipToken, {
    meta: { handlesErrors: isNotFound },
    staleTime: 0,
  });
  const error = existing.error ?? descendants.error;
  if (contactId && error) {
    return <LoadFailure error={error} close={close} onGone={() => (toast.error(t.gone), void refresh())} />;
  }
  if (contactId && (!existing.data?.contact || !descendants.data)) {
    return <BodyLoading label={f.loading} size={22} />;
  }
  return (
    <ContactForm
      contact={existing.data?.contact}
      descendantIds={descendants.data?.descendantIds ?? []}
      close={close}
    />
  );
}

export function ContactForm({
  contact,
  descendantIds,
  close,
}: {
  contact: Contact | undefined;
  descendantIds: readonly string[];
  close: () => void;
}) {
  const user = useUser();
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const refresh = useRefreshNetwork();
  const applyUpdate = useApplyUpdate();
  const transport = useTransport();
  const editing = contact !== undefined;

  const form = useForm<ContactFormValues>({
    mode: "onSubmit", reValidateMode: "onChange",
    defaultValues: contact ? contactToForm(contact) : EMPTY_CONTACT,
  });
  const { handleSubmit, watch, setError } = form;
  const [step, setStep] = useState<"contact" | "task">("contact");
  const [formError, setFormError] = useState<string | undefined>(undefined);

  const email = watch("email");
  const phoneNumber = watch("phoneNumber");
  const mobileNumber = watch("mobileNumber");
  const reach = { email, phoneNumber, mobileNumber };
  const preview = statusPreview(contact?.status, reach);
  const withTaskStep = promptsFirstTask(contact?.status, preview);

  const taskForm = useForm<FirstTaskValues>({ mode: "onSubmit", reValidateMode: "onChange", defaultValues: defaultFirstTask(reach) });
  const taskShown = useRef(false);
  useUnsavedChanges(form.formState.isDirty || taskForm.formState.isDirty);
  const placeOnContact = useServerViolations(form, { field: contactField, ownRules: OWN_RULES });
  const placeOnTask = useServerViolations(taskForm, { field: taskField, ownRules: OWN_RULES });

  const createContact = useMutation(NetworkService.method.createContact, { meta: { handlesErrors: true } });
  const updateContact = useMutation(NetworkService.method.updateContact, { meta: { handlesErrors: true } });
  // While a NotFound of an edit is being told apart (see onNotFound), the form stays busy.
  const [checking, setChecking] = useState(false);
  const saving = createContact.isPending || updateContact.isPending || checking;

  /** The edited contact was deleted meanwhile: the modal closes. */
  const gone = () => {
    toast.error(t.gone);
    void refresh();
    close();
  };

  /** The chosen intermediary was deleted meanwhile: said under its field, the picker's list reloads, nothing typed is lost. */
  const parentGone = () => {
    setStep("contact");
    setError("parentId", { message: f.parentGone });
    void refresh();
  };

  /**
   * A NotFound of the save. The server answers the same NotFound (reason NOT_FOUND, « Contact
   * introuvable ») whether the edited contact or the intermediary the draft names is missing
   * (services/network/write.go), so the request tells them apart. A create reads no contact but
   * the intermediary (a NotFound about anything else keeps the form, as any failure). An edit
   * without an intermediary has none checked: its NotFound is the contact itself. An edit naming
   * one asks whether the contact is still there: the server reads it before the intermediary,
   * and a deleted contact never comes back, so if it is there now, it was at the save and the
   * intermediary is what went.
   */
  const onNotFound = async (err: unknown, parentId: string) => {
    if (!contact) {
      if (parentId && missingEntity(err) === "contact") parentGone();
      else setFormError(t.createError);
      return;
    }
    if (!parentId) {
      gone();
      return;
    }
    setChecking(true);
    try {
      await callUnaryMethod(transport, NetworkService.method.getContact, { id: contact.id });
      parentGone();
    } catch (checkErr) {
      // Not readable for another reason: unknown which one went, so the form stays as typed.
      if (isNotFound(checkErr)) gone();
      else setFormError(t.updateError);
    } finally {
      setChecking(false);
    }
  };

  const onFailure = (err: unknown, draft: { parentId?: string }) => {
    // The subscription page or the sign-out: the app's handling, which drops the modal.
    if (handledByApp(err)) return;
    const reason = errorReason(err);
    if (reason === "INVALID_FIELDS") {
      const onLinks = violationErrors(err, { field: resourcesField, ownRules: OWN_RULES })?.resources;
      const onContact = placeOnContact(err);
      const onTask = placeOnTask(err);
      if (onLinks) setFormError(onLinks);
      if (onContact || onLinks) setStep("contact");
      else if (onTask) setStep("task");
      else setFormError(editing ? t.updateError : t.createError);
      return;
    }
    if (reason === "DATE_IN_PAST") {
      setStep("task");
      taskForm.setError("deadline", { message: ft.deadlinePast });
      return;
    }
    if (reason === "INVALID_INTERMEDIARY") {
      setStep("contact");
      setError("parentId", { message: serverMessage(err) ?? f.parentRule });
      return;
    }
    if (isNotFound(err)) {
      // The edited contact, or the chosen intermediary, was deleted meanwhile.
      void onNotFound(err, draft.parentId ?? "");
      return;
    }
    setFormError(editing ? t.updateError : t.createError);
  };

  const save = (values: ContactFormValues, task?: FirstTaskValues) => {
    setFormError(undefined);
    const draft = formToDraft(values, task);
    if (contact) {
      updateContact.mutate(
        { id: contact.id, contact: draft },
        {
          onSuccess: (res) => {
            applyUpdate(res);
            void refresh();
            toast.success(task ? t.updatedWithTask : t.updated);
            close();
          },
          onError: (err) => onFailure(err, draft),
        },
      );
    } else {
      createContact.mutate(
        { contact: draft },
        {
          onSuccess: (res) => {
            void refresh();
            toast.success(res.task ? t.createdWithTask : t.created);
            if (res.contact?.status === ContactStatus.INCOMPLETE) {
              // The information notice replaces the form (one modal at a time).
              modals.inform({ title: networkMessages.incompleteNotice.title, message: networkMessages.incompleteNotice.message });
            } else {
              close();
            }
          },
          onError: (err) => onFailure(err, draft),
        },
      );
    }
  };

  const submitContact = handleSubmit((values) => {
    if (withTaskStep) {
      if (!taskShown.current) {
        // The first time: defaults for the contact as it now stands (its ways of being reached).
        taskShown.current = true;
        taskForm.reset(defaultFirstTask(values));
      } else {
        const allowed = taskMediaTypesFor(values);
        if (!allowed.includes(taskForm.getValues("mediaType"))) taskForm.setValue("mediaType", allowed[0]!);
      }
      setStep("task");
    } else {
      save(values);
    }
  });

  const submitWithTask = taskForm.handleSubmit((task) => save(form.getValues(), task));

  // Leaving the page drops the modal.
  const goPremium = () => navigate(SUBSCRIPTION_PATH);

  if (step === "task") {
    return (
      <FirstTaskStep
        name={fullName({ firstName: form.getValues("firstName"), lastName: normalizeLastName(form.getValues("lastName")).trim() })}
        form={taskForm}
        mediaTypes={taskMediaTypesFor(form.getValues())}
        editing={editing}
        saving={saving}
        error={formError}
        onBack={() => setStep("contact")}
        onSkip={() => save(form.getValues())}
        onSubmit={submitWithTask}
      />
    );
  }

  return (
    <ContactFields
      form={form}
      contact={contact}
      descendantIds={descendantIds}
      premium={user.hasPremiumAccess}
      preview={preview}
      withTaskStep={withTaskStep}
      formError={formError}
      saving={saving}
      onSubmit={submitContact}
      onCancel={close}
      onPremium={goPremium}
    />
  );
}
