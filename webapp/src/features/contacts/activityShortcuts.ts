// "Add a task" and "add an interview" for a contact (row actions, details page, add menu): the
// task and event modals of the shared activity module, prefilled with the contact.
import { useMemo } from "react";
import { useActivityModals } from "../../components/activity/useActivityModals";

type Person = { id: string; firstName: string; lastName: string };

export type ActivityShortcuts = {
  addTask: (contact?: Person) => void;
  addInterview: (contact?: Person) => void;
};

export function useActivityShortcuts(): ActivityShortcuts {
  const modals = useActivityModals();
  return useMemo(
    () => ({
      addTask: (contact) => modals.createTask({ contactId: contact?.id }),
      addInterview: (contact) => modals.createEvent({ contactId: contact?.id, interview: true }),
    }),
    [modals],
  );
}
