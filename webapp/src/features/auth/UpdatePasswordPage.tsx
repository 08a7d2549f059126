import { PasswordLinkPage } from "./PasswordLinkPage";

/** /update-password?id=…&token=… : choose a new password after a reset request. */
export default function UpdatePasswordPage() {
  return <PasswordLinkPage variant="update" />;
}
