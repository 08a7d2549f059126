import { PasswordLinkPage } from "./PasswordLinkPage";

/** /new-password?id=…&token=… : create the password of an invited account (terms to accept). */
export default function NewPasswordPage() {
  return <PasswordLinkPage variant="create" />;
}
