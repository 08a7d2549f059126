// The reset-password modal's form: loaded with it, not with the login page (whose link names
// the modal: messages.login.resetTitle).
const nb = "\u00a0";

export const resetPasswordMessages = {
  intro:
    "Indiquez l'adresse e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.",
  email: "Adresse e-mail",
  submit: "Envoyer le lien",
  success: `C'est envoyé${nb}! Si un compte correspond à cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe.`,
  error: "L'envoi du lien de réinitialisation a échoué. Merci de réessayer.",
} as const;
