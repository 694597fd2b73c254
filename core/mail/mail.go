// Package mail sends ITS's e-mail through an outbox table: callers enqueue in their own
// transaction (so a failed request sends nothing), and a sender delivers over SMTP when one is
// configured. Without SMTP the outbox is the mailbox, readable in development.
package mail

import (
	"context"
	"crypto/tls"
	"log/slog"
	"net"
	"net/smtp"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/db"
)

// Message is one outbox entry.
type Message struct {
	ID         int64      `json:"id"`
	Recipients []string   `json:"recipients"`
	Subject    string     `json:"subject"`
	Body       string     `json:"body"`
	Status     string     `json:"status"`
	CreatedAt  time.Time  `json:"createdAt"`
	SentAt     *time.Time `json:"sentAt,omitempty"`
}

// Outbox queues and lists mail.
type Outbox struct {
	db   *pgxpool.Pool
	cfg  *config.Config
	log  *slog.Logger
	stop chan struct{}
	done chan struct{}
}

// Params wire the outbox.
type Params struct {
	fx.In
	LC     fx.Lifecycle
	DB     *pgxpool.Pool
	Config *config.Config
	Log    *slog.Logger
}

// New gives the outbox and, with SMTP configured, starts its sender.
func New(p Params) *Outbox {
	o := &Outbox{db: p.DB, cfg: p.Config, log: p.Log}
	if p.Config.Mail.SMTPAddr != "" {
		p.LC.Append(fx.Hook{
			OnStart: func(context.Context) error {
				o.stop, o.done = make(chan struct{}), make(chan struct{})
				go o.loop()
				return nil
			},
			OnStop: func(ctx context.Context) error {
				close(o.stop)
				select {
				case <-o.done:
				case <-ctx.Done():
				}
				return nil
			},
		})
	}
	return o
}

// Enqueue adds a message inside tx.
func (o *Outbox) Enqueue(ctx context.Context, tx pgx.Tx, to []string, subject, body string) error {
	_, err := tx.Exec(ctx, `INSERT INTO mail_outbox (recipients, subject, body_text) VALUES ($1, $2, $3)`, to, subject, body)
	return err
}

// List returns the newest messages, optionally only those to one address.
func (o *Outbox) List(ctx context.Context, to string, limit int) ([]Message, error) {
	rows, err := o.db.Query(ctx, `SELECT id, recipients, subject, body_text, status, created_at, sent_at FROM mail_outbox
		WHERE $1 = '' OR lower($1) = ANY(SELECT lower(r) FROM unnest(recipients) r) ORDER BY id DESC LIMIT $2`, to, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Message, error) {
		var m Message
		err := r.Scan(&m.ID, &m.Recipients, &m.Subject, &m.Body, &m.Status, &m.CreatedAt, &m.SentAt)
		return m, err
	})
}

func (o *Outbox) loop() {
	defer close(o.done)
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-o.stop:
			return
		case <-t.C:
			if err := o.deliver(context.Background()); err != nil {
				o.log.Warn("mail delivery", "error", err)
			}
		}
	}
}

// deliver sends queued mail one by one, each claimed with SKIP LOCKED so several servers share
// the outbox.
func (o *Outbox) deliver(ctx context.Context) error {
	for {
		empty := false
		err := db.InTx(ctx, o.db, func(tx pgx.Tx) error {
			var m Message
			err := tx.QueryRow(ctx, `SELECT id, recipients, subject, body_text FROM mail_outbox WHERE status = 'queued'
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&m.ID, &m.Recipients, &m.Subject, &m.Body)
			if err == pgx.ErrNoRows {
				empty = true
				return nil
			}
			if err != nil {
				return err
			}
			if sendErr := o.send(m, time.Now()); sendErr != nil {
				_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = 'failed', error = $2 WHERE id = $1`, m.ID, sendErr.Error())
			} else {
				_, err = tx.Exec(ctx, `UPDATE mail_outbox SET status = 'sent', sent_at = now() WHERE id = $1`, m.ID)
			}
			return err
		})
		if err != nil || empty {
			return err
		}
	}
}

// send delivers one message: it asks the server whether it takes UTF-8 addresses (SMTPUTF8)
// before composing, and uses STARTTLS when offered, as smtp.SendMail does.
func (o *Outbox) send(m Message, now time.Time) error {
	c, err := smtp.Dial(o.cfg.Mail.SMTPAddr)
	if err != nil {
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		host, _, _ := net.SplitHostPort(o.cfg.Mail.SMTPAddr)
		if err := c.StartTLS(&tls.Config{ServerName: host}); err != nil {
			return err
		}
	}
	utf8, _ := c.Extension("SMTPUTF8")
	env, err := compose(o.cfg.Mail.From, m.Recipients, m.Subject, m.Body, now, utf8)
	if err != nil {
		return err
	}
	if err := c.Mail(env.from); err != nil {
		return err
	}
	for _, r := range env.to {
		if err := c.Rcpt(r); err != nil {
			return err
		}
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(env.data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// Module provides the outbox.
var Module = fx.Module("mail", fx.Provide(New))
