// react-hook-form for the activity forms' fields it does not draw itself (selects, the contact
// autocomplete, the day and time pickers, the moods): `focusRef` lets the form focus them, and
// `changeValues` gives the task and event forms their values with the dependencies applied.
import type { FieldValues, Path, PathValue, RefCallBack, UseFormReturn } from "react-hook-form";
import { sameValues } from "../modalChanges";

/**
 * What the focus goes to inside a field, as Tab would: its input (the autocomplete's, the first
 * radio), or the first element in the tab order (a select's box, a picker's sections) — never
 * the hidden input a select or a picker keeps its value in.
 */
const FOCUSABLE = 'input:not([type="hidden"]):not([aria-hidden="true"]), textarea, [tabindex="0"]';

/** One target per element: react-hook-form keeps the first and ignores the same one again. */
const targets = new WeakMap<HTMLElement, { focus: () => void }>();

/**
 * react-hook-form's `ref` for a field whose input does not hold the form's value (a select shows
 * a label, the autocomplete a name), put on an element around it: the form can focus the field —
 * the first in error on submit, the first the server refused — and never writes into it.
 */
export function focusRef(ref: RefCallBack): (el: HTMLElement | null) => void {
  return (el) => {
    if (!el) return ref(null);
    let target = targets.get(el);
    if (!target) {
      target = { focus: () => el.querySelector<HTMLElement>(FOCUSABLE)?.focus() };
      targets.set(el, target);
    }
    ref(target);
  };
}

type Form<F extends FieldValues> = Pick<UseFormReturn<F>, "getValues" | "setValue" | "trigger" | "formState">;

/**
 * Gives the form the values of `next` that differ from its own (a dependency may change several
 * fields at once). Once the form was submitted, every rule is checked again, as reValidateMode
 * "onChange" does for one field: a value can change another field's rule (the subject makes the
 * contact required).
 */
export function changeValues<F extends FieldValues>(form: Form<F>, next: F): void {
  const current = form.getValues();
  for (const name of Object.keys(next) as Path<F>[]) {
    const value = next[name] as PathValue<F, Path<F>>;
    if (!sameValues(value, current[name])) form.setValue(name, value, { shouldDirty: true });
  }
  if (form.formState.isSubmitted) void form.trigger();
}
