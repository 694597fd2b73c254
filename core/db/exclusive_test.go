package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/db/dbtest"
)

// TestExclusiveOneServerAtATime: two servers (two pools on one database) ask for the start-up
// lock; the second runs only after the first is done, and an error still releases the lock.
func TestExclusiveOneServerAtATime(t *testing.T) {
	ctx := context.Background()
	url := dbtest.NewDatabase(t)
	open := func() *pgxpool.Pool {
		p, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		return p
	}
	first, second := open(), open()

	inFirst, releaseFirst := make(chan struct{}), make(chan struct{})
	firstDone := make(chan error, 1)
	go func() {
		firstDone <- db.Exclusive(ctx, first, func(context.Context) error {
			close(inFirst)
			<-releaseFirst
			return errors.New("migration failed")
		})
	}()
	<-inFirst
	secondRan := make(chan struct{})
	secondDone := make(chan error, 1)
	go func() {
		secondDone <- db.Exclusive(ctx, second, func(context.Context) error { close(secondRan); return nil })
	}()
	// The second waits on the lock in PostgreSQL, not in this process.
	deadline := time.Now().Add(time.Minute)
	for {
		var waiting int
		if err := first.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the second server never waited for the lock")
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case <-secondRan:
		t.Fatal("the second server ran while the first held the lock")
	default:
	}
	close(releaseFirst)
	if err := <-firstDone; err == nil || err.Error() != "migration failed" {
		t.Fatalf("the first's error: %v", err)
	}
	if err := <-secondDone; err != nil {
		t.Fatal(err)
	}
	<-secondRan
}
