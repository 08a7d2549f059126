package authn

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/alexedwards/argon2id"
)

func TestPasswordsAreArgon2idWithoutTruncation(t *testing.T) {
	long := strings.Repeat("Aa1!", 40) // 160 characters: bcrypt would have cut it at 72 bytes
	hash, err := HashPassword(context.Background(), long)
	if err != nil {
		t.Fatal(err)
	}
	check := func(password, hash string) bool {
		t.Helper()
		ok, err := CheckPassword(context.Background(), password, hash)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q is not argon2id with 19 MiB, t=2", hash)
	}
	if !check(long, hash) || check(long[:len(long)-1], hash) || check(long[:72], hash) {
		t.Error("check does not compare the whole password")
	}
	if check("", "") || check(long, "") {
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

// At most one password per core is hashed at a time: the others wait for a slot, and are
// refused with ErrBusy when none frees up in time.
func TestHashingIsBounded(t *testing.T) {
	ctx := context.Background()
	if cap(hashSlots) != runtime.GOMAXPROCS(0) {
		t.Fatalf("%d hashing slots for %d cores", cap(hashSlots), runtime.GOMAXPROCS(0))
	}
	defer func(wait time.Duration) { hashWait = wait }(hashWait)
	hashWait = 20 * time.Millisecond
	for range cap(hashSlots) { // every slot taken, as by hashes in flight
		hashSlots <- struct{}{}
	}
	if _, err := CheckPassword(ctx, "Aa1!aaaa", dummyHash); !errors.Is(err, ErrBusy) {
		t.Errorf("check with every slot taken: %v, want ErrBusy", err)
	}
	if _, err := HashPassword(ctx, "Aa1!aaaa"); !errors.Is(err, ErrBusy) {
		t.Errorf("hash with every slot taken: %v, want ErrBusy", err)
	}

	// A check waiting its turn gets the slot a hash leaves.
	hashWait = time.Minute
	done := make(chan error, 1)
	go func() {
		_, err := CheckPassword(ctx, "Aa1!aaaa", dummyHash)
		done <- err
	}()
	<-hashSlots
	if err := <-done; err != nil {
		t.Errorf("check after a slot freed: %v", err)
	}
	for range cap(hashSlots) - 1 {
		<-hashSlots
	}
	// A caller that gives up while waiting is not hashed either.
	for range cap(hashSlots) {
		hashSlots <- struct{}{}
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := CheckPassword(gone, "Aa1!aaaa", dummyHash); !errors.Is(err, context.Canceled) {
		t.Errorf("check of a caller gone: %v", err)
	}
	for range cap(hashSlots) {
		<-hashSlots
	}
}
