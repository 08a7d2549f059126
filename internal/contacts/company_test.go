package contacts_test

import (
	"testing"

	"github.com/tremplin/tremplin/internal/contacts"
)

func TestCompanyKey(t *testing.T) {
	wantEach(t, "CompanyKey", contacts.CompanyKey, map[string]string{
		"Société Générale SA":     "societe generale",
		"societe generale":        "societe generale",
		"  SOCIÉTÉ   GÉNÉRALE ":   "societe generale",
		"Société Générale, S.A.":  "societe generale",
		"Dupont & Fils SARL":      "dupont fils",
		"Capgemini SE":            "capgemini",
		"Acme Inc.":               "acme",
		"Acme Holdings Ltd":       "acme holdings",
		"Siemens AG":              "siemens",
		"Bosch GmbH":              "bosch",
		"Blablacar SAS":           "blablacar",
		"Coop SCOP":               "coop",
		"L'Oréal":                 "l oreal",
		"SA":                      "sa",
		"Société Générale Assur.": "societe generale assur",
		"":                        "",
	})
}
