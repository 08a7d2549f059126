package db

import (
	"context"
	"fmt"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/internal/dataversion"
)

// WithTx runs fn in a transaction: committed when fn succeeds, rolled back when it fails or
// panics. fn gets a context that marks the transaction's scope (an owner's data version
// moves once per transaction, not once per row); it must use it for the transaction's work.
func WithTx(ctx context.Context, client *ent.Client, fn func(ctx context.Context, tx *ent.Tx) error) (err error) {
	tx, err := client.Tx(ctx)
	if err != nil {
		return fmt.Errorf("starting a transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(dataversion.TxScope(ctx), tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("committing a transaction: %w", err)
	}
	return nil
}
