// The task and event modals' bodies, loaded together when a modal first opens (lazyForms.tsx):
// one chunk for both, with the pickers and the autocomplete they share.
export { TaskForm } from "./TaskModalForm";
export { EventForm } from "./EventModalForm";
export type { Locks } from "./formParts";
