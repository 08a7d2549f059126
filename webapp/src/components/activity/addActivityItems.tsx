// « Ajouter une tâche » and « Ajouter un entretien » in a row's « ⋮ » menu (an application's, a
// contact's): the same two actions with the same icons wherever a menu offers them, each opening
// the task or event modal (useActivityModals) through the caller's handlers.
import AddTaskRounded from "@mui/icons-material/AddTaskRounded";
import EventAvailableRounded from "@mui/icons-material/EventAvailableRounded";
import { RowMenuItem } from "../RowMenu";

/**
 * The two items, keyed "task" and "interview", to put among a RowMenu's others: an array rather
 * than a component, since MUI's Menu takes its items as direct children (no fragment).
 */
export function addActivityItems(
  handlers: { onAddTask: () => void; onAddInterview: () => void },
  labels: { addTask: string; addInterview: string },
) {
  return [
    <RowMenuItem key="task" onClick={handlers.onAddTask} icon={<AddTaskRounded fontSize="small" />}>
      {labels.addTask}
    </RowMenuItem>,
    <RowMenuItem key="interview" onClick={handlers.onAddInterview} icon={<EventAvailableRounded fontSize="small" />}>
      {labels.addInterview}
    </RowMenuItem>,
  ];
}
