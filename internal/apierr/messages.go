package apierr

import "fmt"

// The French messages of the field rules every request meets whatever its RPC — the JSON
// readers' (a value of the wrong type) and the validation interceptor's generic rules —
// in the style of the spec's (« Le format de l'email est incorrect »).
const (
	// BadText: a string was expected.
	BadText = "Le format du texte est incorrect"
	// BadNumber: a number was expected.
	BadNumber = "Le format du nombre est incorrect"
	// NotWhole: a whole number was expected (1.5 in a count).
	NotWhole = "Le nombre doit être entier"
	// NumberOutOfRange: a number too large (or small) for its field.
	NumberOutOfRange = "Le nombre est hors des limites permises"
	// BadBool: true or false was expected.
	BadBool = "Le format de la valeur est incorrect (true ou false attendu)"
	// BadDate: a date was expected, as RFC 3339 ("2026-11-18T09:30:00Z").
	BadDate = "Le format de la date est incorrect"
	// DateOutOfRange: a date before 1900 or after 2200.
	DateOutOfRange = "La date doit être comprise entre 1900 et 2200"
	// BadData: base64 data was expected.
	BadData = "Le format des données est incorrect"
	// BadObject: an object was expected.
	BadObject = "Le format de ce champ est incorrect (objet attendu)"
	// BadList: a list was expected.
	BadList = "Le format de ce champ est incorrect (liste attendue)"
	// UnknownValue: an enum value that is none of the field's.
	UnknownValue = "La valeur de ce champ est incorrecte"
	// BodyNotObject: a request body that is not a JSON object.
	BodyNotObject = "Le corps de la requête doit être un objet JSON"
)

// UnknownValueOf says which word is none of the field's values (its first 40 characters: a
// megabyte sent as a word is not sent back).
func UnknownValueOf(word string) string {
	if runes := []rune(word); len(runes) > 40 {
		word = string(runes[:40]) + "…"
	}
	return fmt.Sprintf("La valeur « %s » est incorrecte", word)
}

// The spec's messages (section 5) that the field rules answer.
const (
	// EmailFormat: an e-mail address that is not one.
	EmailFormat = "Le format de l'email est incorrect"
	// PhoneFormat: a phone or mobile number that breaks the phone rule.
	PhoneFormat = "Le format du numéro de téléphone est incorrect"
	// PasswordFormat: a password that breaks the password rule.
	PasswordFormat = "Le format du mot de passe est incorrect"
	// ThresholdsInconsistent: dashboard thresholds out of 0–30 or out of order.
	ThresholdsInconsistent = "Seuils paramétrés incohérents"
	// BadID: an identifier that is not one (a UUID).
	BadID = "L'identifiant est incorrect"
	// BadFormat: a text that breaks its field's format.
	BadFormat = "Le format de ce champ est incorrect"
	// Duplicate: a list holding the same value twice.
	Duplicate = "Une même valeur est donnée plusieurs fois"
	// BadResourceURL: a link's address of another scheme than http(s) or mailto.
	BadResourceURL = "L'adresse doit commencer par http://, https:// ou mailto: (ou être une adresse web comme www.exemple.fr)"
)

// TooLong says a text is longer than its field takes.
func TooLong(n uint64) string {
	return fmt.Sprintf("Ce champ ne doit pas dépasser %d caractères", n)
}

// TooShort says a text is shorter than its field needs.
func TooShort(n uint64) string {
	return fmt.Sprintf("Ce champ doit contenir au moins %d caractères", n)
}

// TooMany says a list holds more items than its field takes.
func TooMany(n uint64) string {
	return fmt.Sprintf("Ce champ ne peut pas contenir plus de %d éléments", n)
}

// TooFew says a list holds fewer items than its field needs.
func TooFew(n uint64) string {
	return fmt.Sprintf("Ce champ doit contenir au moins %d éléments", n)
}
