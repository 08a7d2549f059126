// Deleting a task or an event, from its row or its page: a confirmation, then the call, a toast
// and the activities refreshed; `after` runs once it is deleted (the page goes back to the list).
import { useMutation } from "@connectrpc/connect-query";
import { ActivityService } from "../../gen/tremplin/activity/v1/activity_pb";
import { useModals } from "../../components/ModalHost";
import { useToast } from "../../components/Toasts";
import { activityMessages } from "../../lib/messages/activities";
import { handledByApp } from "../../lib/queryClient";
import { useRefreshActivities } from "../../lib/refresh";

const t = activityMessages.toasts;
const c = activityMessages.confirmDelete;

export function useDeleteActivity() {
  const host = useModals();
  const toast = useToast();
  const refreshActivities = useRefreshActivities();
  const deleteTask = useMutation(ActivityService.method.deleteTask, { meta: { handlesErrors: true } });
  const deleteEvent = useMutation(ActivityService.method.deleteEvent, { meta: { handlesErrors: true } });
  return (kind: "task" | "event", id: string, after?: () => void) =>
    host.confirm({
      title: kind === "task" ? c.taskTitle : c.eventTitle,
      message: c.message,
      confirmLabel: c.confirm,
      tone: "danger",
      onConfirm: async () => {
        try {
          if (kind === "task") await deleteTask.mutateAsync({ id });
          else await deleteEvent.mutateAsync({ id });
          toast.success(kind === "task" ? t.taskDeleted : t.eventDeleted);
          void refreshActivities();
          after?.();
        } catch (err) {
          if (!handledByApp(err)) toast.error(kind === "task" ? t.taskDeleteError : t.eventDeleteError);
        }
      },
    });
}
