import { useEffect } from "react";
import { messages } from "./messages";

/** Sets the browser tab title: "<page> – Tremplin". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – ${messages.app.name}` : messages.app.name;
  }, [title]);
}
