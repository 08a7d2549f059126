package db_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/tremplin/tremplin/ent/user"
	"github.com/tremplin/tremplin/internal/testdb"
	"github.com/tremplin/tremplin/internal/viewer"
)

// Concurrent write transactions queue on SQLite's write lock instead of failing with
// "database is locked", and reads go on meanwhile.
func TestConcurrentWritesSucceed(t *testing.T) {
	d := testdb.New(t, testdb.SQLite)
	ctx := viewer.SystemContext(context.Background())
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 20 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			tx, err := d.Client.Tx(ctx)
			if err != nil {
				errs <- err
				return
			}
			if err := tx.User.Create().SetEmail(fmt.Sprintf("u%d@x.fr", i)).SetRole(user.RoleAdmin).Exec(ctx); err != nil {
				_ = tx.Rollback()
				errs <- err
				return
			}
			errs <- tx.Commit()
		}()
		go func() {
			defer wg.Done()
			_, err := d.Client.User.Query().Count(ctx)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := d.Client.User.Query().CountX(ctx); n != 20 {
		t.Fatalf("%d users, want 20", n)
	}
}
