package live

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
)

// Listener holds this server's LISTEN connection (its own, outside the pool) and hands every
// committed event to the Hub.
type Listener struct {
	pool     *pgxpool.Pool
	hub      *Hub
	presence *Presence
	log      *slog.Logger
	// last is the highest event id read; seen are the ids read above last-seenWindow, so an event
	// that commits after a higher one (ids are taken before commit) is still delivered, once.
	last int64
	seen map[int64]bool
	// started is set once the first connection read where to begin; a reconnect reads on from last.
	started bool
}

// seenWindow is how far below the highest id an event read late is still recognised.
const seenWindow = 10000

// pruneEvery is how often a server deletes events older than Retention.
const pruneEvery = time.Hour

// ListenerParams wire the listener.
type ListenerParams struct {
	fx.In
	LC       fx.Lifecycle
	Pool     *pgxpool.Pool
	Hub      *Hub
	Presence *Presence
	Log      *slog.Logger
}

func newListener(p ListenerParams) *Listener {
	l := &Listener{pool: p.Pool, hub: p.Hub, presence: p.Presence, log: p.Log, seen: map[int64]bool{}}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	p.LC.Append(fx.Hook{
		// LISTEN before the server answers: a stream opened on it misses no commit after.
		OnStart: func(start context.Context) error {
			conn, err := l.connect(start)
			if err != nil {
				return err
			}
			wg.Add(2)
			go func() {
				defer wg.Done()
				l.run(ctx, conn)
			}()
			go func() {
				defer wg.Done()
				l.sweep(ctx)
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			p.Hub.Close()
			cancel()
			wg.Wait()
			return nil
		},
	})
	return l
}

// connect opens the LISTEN connection (events and presence) and reads the highest event id (on
// the first start) or the events missed while disconnected, and who is present.
func (l *Listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, err
	}
	for _, ch := range []string{Channel, PresenceChannel} {
		if _, err := conn.Exec(ctx, "LISTEN "+ch); err != nil {
			conn.Close(context.WithoutCancel(ctx))
			return nil, err
		}
	}
	if err := l.presence.load(ctx, conn); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	if !l.started {
		err = conn.QueryRow(ctx, `SELECT coalesce(max(id), 0) FROM live_events`).Scan(&l.last)
		l.started = err == nil
	} else {
		err = l.read(ctx, conn, 0)
	}
	if err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	return conn, nil
}

// run waits for notifications until ctx ends, reconnecting with backoff, and prunes old events.
func (l *Listener) run(ctx context.Context, conn *pgx.Conn) {
	backoff := 100 * time.Millisecond
	nextPrune := time.Now()
	for ctx.Err() == nil {
		if conn == nil {
			var err error
			if conn, err = l.connect(ctx); err != nil {
				if ctx.Err() == nil {
					l.log.Warn("live: reconnect", "error", err, "retry in", backoff)
				}
				select {
				case <-ctx.Done():
				case <-time.After(backoff):
				}
				backoff = min(2*backoff, 10*time.Second)
				continue
			}
			backoff = 100 * time.Millisecond
		}
		if time.Now().After(nextPrune) {
			nextPrune = time.Now().Add(pruneEvery)
			if err := prune(ctx, conn); err != nil && ctx.Err() == nil {
				l.log.Warn("live: prune", "error", err)
			}
		}
		wait, cancel := context.WithTimeout(ctx, pruneEvery)
		n, err := conn.WaitForNotification(wait)
		cancel()
		if err == nil && n.Channel == PresenceChannel {
			l.presence.apply(n.Payload)
		} else if err == nil {
			id, _ := strconv.ParseInt(n.Payload, 10, 64)
			err = l.read(ctx, conn, id)
		} else if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			continue
		}
		if err != nil {
			if ctx.Err() == nil {
				l.log.Warn("live: listen", "error", err)
			}
			conn.Close(context.WithoutCancel(ctx))
			conn = nil
		}
	}
	if conn != nil {
		conn.Close(context.WithoutCancel(ctx))
	}
}

// sweepEvery is how often a server drops the presence entries past PresenceTTL.
const sweepEvery = 5 * time.Second

// sweep drops expired presence entries until ctx ends, and about every minute deletes them
// from the table too.
func (l *Listener) sweep(ctx context.Context) {
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for n := 0; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		l.presence.expire()
		if n%12 == 0 {
			if err := l.presence.prune(ctx); err != nil && ctx.Err() == nil {
				l.log.Warn("live: presence prune", "error", err)
			}
		}
	}
}

// read delivers the events above last, and event id when it is at or below last (a late commit)
// and not seen yet.
func (l *Listener) read(ctx context.Context, conn *pgx.Conn, id int64) error {
	if id > 0 && id <= l.last && l.seen[id] {
		return nil
	}
	rows, err := conn.Query(ctx, `SELECT `+eventColumns+` FROM live_events WHERE id > $1 OR id = $2 ORDER BY id LIMIT 10000`, l.last, id)
	if err != nil {
		return err
	}
	evs, err := pgx.CollectRows(rows, scanEvent)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		if l.seen[ev.ID] {
			continue
		}
		l.seen[ev.ID] = true
		l.last = max(l.last, ev.ID)
		l.hub.Deliver(ev)
	}
	if len(l.seen) > 2*seenWindow {
		for k := range l.seen {
			if k < l.last-seenWindow {
				delete(l.seen, k)
			}
		}
	}
	return nil
}

const eventColumns = `id, topic, grid, added, updated, deleted, fields, coalesce(actor_id::text, ''), coalesce(origin, ''), reload, at`

func scanEvent(row pgx.CollectableRow) (Event, error) {
	var ev Event
	err := row.Scan(&ev.ID, &ev.Topic, &ev.Grid, &ev.Added, &ev.Updated, &ev.Deleted, &ev.Fields, &ev.ActorID, &ev.Origin, &ev.Reload, &ev.At)
	return ev, err
}

// since reads topic's events after id, at most limit of them; gone reports that events after id
// were pruned.
func since(ctx context.Context, pool *pgxpool.Pool, topic string, id int64, limit int) (evs []Event, gone bool, err error) {
	var upto int64
	if err := pool.QueryRow(ctx, `SELECT upto FROM live_pruned`).Scan(&upto); err != nil {
		return nil, false, err
	}
	if id < upto {
		return nil, true, nil
	}
	rows, err := pool.Query(ctx, `SELECT `+eventColumns+` FROM live_events WHERE topic = $1 AND id > $2 ORDER BY id LIMIT $3`, topic, id, limit)
	if err != nil {
		return nil, false, err
	}
	evs, err = pgx.CollectRows(rows, scanEvent)
	return evs, false, err
}

// within reads the topic's events of the last secs seconds, oldest first (at most limit: the
// newest of them).
func within(ctx context.Context, pool *pgxpool.Pool, topic string, secs, limit int) ([]Event, error) {
	rows, err := pool.Query(ctx, `SELECT * FROM (SELECT `+eventColumns+` FROM live_events WHERE topic = $1 ORDER BY id DESC LIMIT $3) e
		WHERE at > now() - make_interval(secs => $2) ORDER BY id`, topic, secs, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanEvent)
}

// prune deletes the events older than Retention and records the highest id it deleted.
func prune(ctx context.Context, conn *pgx.Conn) error {
	_, err := conn.Exec(ctx, `WITH d AS (DELETE FROM live_events WHERE at < now() - make_interval(secs => $1) RETURNING id)
		UPDATE live_pruned SET upto = greatest(upto, (SELECT max(id) FROM d)) WHERE EXISTS (SELECT 1 FROM d)`, Retention.Seconds())
	return err
}

// current is the highest event id.
func current(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT coalesce(max(id), 0) FROM live_events`).Scan(&id)
	return id, err
}
