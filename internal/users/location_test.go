package users

import "testing"

func TestLocationFallsBackToParis(t *testing.T) {
	for name, want := range map[string]string{"": "Europe/Paris", "Pas/UneZone": "Europe/Paris", "America/Montreal": "America/Montreal"} {
		if got := Location(name).String(); got != want {
			t.Errorf("Location(%q) = %s, want %s", name, got, want)
		}
	}
	first, again := Location("America/Montreal"), Location("America/Montreal")
	if first != again {
		t.Error("a zone is loaded once, then reused")
	}
}
