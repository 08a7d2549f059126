import { lazy, Suspense } from "react";
import type { AlertProps } from "@mui/material/Alert";

const Alert = lazy(() => import("@mui/material/Alert"));

/**
 * An inline message (MUI Alert) for pages on the critical path, such as the login error:
 * the component loads only when there is something to say.
 */
export function Notice(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
