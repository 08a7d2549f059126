package authn

import (
	"strings"
	"testing"

	"github.com/alexedwards/argon2id"
)

func TestPasswordsAreArgon2idWithoutTruncation(t *testing.T) {
	long := strings.Repeat("Aa1!", 40) // 160 characters: bcrypt would have cut it at 72 bytes
	hash, err := HashPassword(long)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q is not argon2id with 19 MiB, t=2", hash)
	}
	if !CheckPassword(long, hash) || CheckPassword(long[:len(long)-1], hash) || CheckPassword(long[:72], hash) {
		t.Error("check does not compare the whole password")
	}
	if CheckPassword("", "") || CheckPassword(long, "") {
		t.Error("an account without a password must never match")
	}
}

// A missing account costs the same work as a wrong password.
func TestDummyHashUsesTheSameParameters(t *testing.T) {
	params, _, _, err := argon2id.DecodeHash(dummyHash)
	if err != nil {
		t.Fatal(err)
	}
	if params.Memory != passwordParams.Memory || params.Iterations != passwordParams.Iterations || params.Parallelism != passwordParams.Parallelism {
		t.Errorf("dummy hash params %+v differ from %+v", params, passwordParams)
	}
}

func TestPasswordRule(t *testing.T) {
	for pw, want := range map[string]bool{
		"Tremplin-demo-2026": true, "Aa1!aaaa": true, "Éé1!aaaaA": true,
		"Aa1!aaa": false, "aa1!aaaa": false, "AA1!AAAA": false, "Aaa!aaaa": false, "Aa1aaaaa": false,
		"Aa1! aaaa": false, "Aa1_aaaa": false,
	} {
		if got := PasswordFormatOK(pw); got != want {
			t.Errorf("%q: got %v, want %v", pw, got, want)
		}
	}
}
