// "Add a task" and "add an interview" for a contact (row actions, details page, add menu).
// The task and event modals arrive with the activities issue: until then these open an
// information modal. This is the one place to wire them to the real modals.
import { useMemo } from "react";
import { useModals } from "../../components/ModalHost";
import { networkMessages } from "../../lib/messages/network";
import { fullName } from "./model";

type Person = { firstName: string; lastName: string };

export type ActivityShortcuts = {
  addTask: (contact?: Person) => void;
  addInterview: (contact?: Person) => void;
};

export function useActivityShortcuts(): ActivityShortcuts {
  const modals = useModals();
  return useMemo(() => {
    const m = networkMessages.actions;
    return {
      addTask: (contact) =>
        modals.inform({ title: m.soonTitle, message: contact ? m.soonTask(fullName(contact)) : m.soonGeneric }),
      addInterview: (contact) =>
        modals.inform({ title: m.soonTitle, message: contact ? m.soonInterview(fullName(contact)) : m.soonGeneric }),
    };
  }, [modals]);
}
