// Package comments keeps comment threads on the rows of a grid: who wrote what and when, the
// colleagues a comment mentions (each gets a notification and an e-mail) and whether the thread
// is open or resolved. The package knows nothing of what a row is: the module that owns a grid
// names its threads (a scope, the object whose rows the grid shows, the row) and answers, in a
// Policy, who may read an object's rows. Who may read the rows may read and write their
// comments (as in a spreadsheet, a viewer may comment), and a comment may mention only someone
// who may read them too. A module adds threads to a grid with one Mount call and the routes of
// its manifest.
//
// A mention is written in the body as the token @[Display Name](user id); the server reads the
// ids from the tokens, so the text and its mentions cannot disagree.
package comments

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	"its/core/live"
	"its/core/mail"
	"its/core/notify"
)

// MaxBody is the longest comment in characters; a longer one is refused before anything is
// written.
const MaxBody = 4000

// SuggestLimit is the most colleagues a mention suggestion lists.
const SuggestLimit = 10

// MessageMention is the notification of a mention, a message id of the shell's catalogs with
// the values author and title.
const MessageMention = "notifications.message.commentMention"

// Thread names the thread of one row: the grid (Scope), the object whose rows it shows and the
// row.
type Thread struct {
	Scope  string
	Object string
	Row    string
}

// Target is what the owning module tells of an object a user may read.
type Target struct {
	Title string // names the object in notifications and e-mails
	Link  string // the shell path of the object's page
}

// Policy is the owning module's rule of who may read an object's rows.
type Policy interface {
	// Readable answers the object's target when u may read its rows. Otherwise it answers an
	// error; for the caller that error is the answer (a 404, so that an object one may not
	// read looks like a missing one).
	Readable(ctx context.Context, u *identity.User, object string) (Target, error)
}

// Field is the Comments column of a grid whose rows have threads (the grid kit's
// commentsColumn): a live event naming it tells the grid's open pages to read the counts again.
const Field = grid.CommentsField

// Live is a Policy whose grid follows a live topic (core/live): each change of a row's open
// comments (a comment added or deleted, the thread resolved or opened again) is an event of
// that topic naming the row and Field, in the change's transaction, so the Comments column of
// every open page follows.
type Live interface {
	// LiveGrid answers the live topic and the grid name of object's rows.
	LiveGrid(object string) (topic, grid string)
}

// announce publishes the event of t's change when p's grid is Live.
func announce(ctx context.Context, tx pgx.Tx, p Policy, t Thread) error {
	l, ok := p.(Live)
	if !ok {
		return nil
	}
	topic, grid := l.LiveGrid(t.Object)
	ev := live.Event{Topic: topic, Grid: grid, Updated: []string{t.Row}, Fields: []string{Field}}
	if u := identity.FromContext(ctx); u != nil {
		ev.ActorID = u.ID
	}
	return live.Publish(ctx, tx, ev)
}

// Person is an author or a colleague one may mention.
type Person struct {
	ID       string `json:"id"`
	FullName string `json:"fullName"`
	Email    string `json:"email,omitempty"`
}

// Comment is one comment of a thread.
type Comment struct {
	ID        int64      `json:"id,string"`
	Author    Person     `json:"author"`
	Body      string     `json:"body"`
	Mentions  []string   `json:"mentions"`
	CreatedAt time.Time  `json:"createdAt"`
	EditedAt  *time.Time `json:"editedAt"`
	Mine      bool       `json:"mine"`
}

// View is a row's thread as the API answers it.
type View struct {
	Row        string     `json:"row"`
	Resolved   bool       `json:"resolved"`
	ResolvedBy *Person    `json:"resolvedBy"`
	ResolvedAt *time.Time `json:"resolvedAt"`
	Comments   []Comment  `json:"comments"`
}

// Service runs the comment rules; its store is the package's own SQL.
type Service struct {
	db     *pgxpool.Pool
	users  *identity.Store
	outbox *mail.Outbox
	cfg    *config.Config
}

// Params wire the service.
type Params struct {
	fx.In
	DB     *pgxpool.Pool
	Users  *identity.Store
	Outbox *mail.Outbox
	Config *config.Config
}

// New gives the service.
func New(p Params) *Service {
	return &Service{db: p.DB, users: p.Users, outbox: p.Outbox, cfg: p.Config}
}

// Module provides the service.
var Module = fx.Module("comments", fx.Provide(New))

// mentionRE is a mention token: @[Display Name](user id).
var mentionRE = regexp.MustCompile(`@\[([^\[\]\n]{1,200})\]\(([0-9a-fA-F-]{36})\)`)

// Mentions are the user ids of body's mention tokens, each once, in order.
func Mentions(body string) []string {
	out := []string{}
	for _, m := range mentionRE.FindAllStringSubmatch(body, -1) {
		id := strings.ToLower(m[2])
		if !contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// PlainText is body with each mention token written as @Display Name (for e-mails).
func PlainText(body string) string {
	return mentionRE.ReplaceAllString(body, "@$1")
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func me(ctx context.Context) *identity.User {
	if u := identity.FromContext(ctx); u != nil {
		return u
	}
	return &identity.User{}
}

// checkBody refuses an empty body, one over MaxBody characters and a mention token that is not
// a user id.
func checkBody(body string) (string, error) {
	body = strings.TrimSpace(body)
	switch {
	case body == "":
		return "", httpx.Invalid(httpx.FieldError{Field: "body", Rule: "required", Message: "A comment needs some text"})
	case utf8.RuneCountInString(body) > MaxBody:
		return "", httpx.Invalid(httpx.FieldError{Field: "body", Rule: "maxLength",
			Message: fmt.Sprintf("A comment is at most %d characters long", MaxBody)})
	}
	for _, id := range Mentions(body) {
		if !httpx.IsUUID(id) {
			return "", httpx.Invalid(httpx.FieldError{Field: "body", Rule: "mention", Message: "A mention names no user"})
		}
	}
	return body, nil
}

// mentioned loads the users body mentions (but the caller) and refuses, with a 400, one who does
// not exist, is not active or may not read the object's rows.
func (s *Service) mentioned(ctx context.Context, p Policy, t Thread, body string) ([]*identity.User, error) {
	var out []*identity.User
	for _, id := range Mentions(body) {
		if id == me(ctx).ID {
			continue
		}
		u, err := s.users.ByID(ctx, id)
		if errors.Is(err, identity.ErrNotFound) || (err == nil && u.Status != "active") {
			return nil, httpx.Invalid(httpx.FieldError{Field: "body", Rule: "mention", Message: "A mentioned user does not exist"})
		}
		if err != nil {
			return nil, err
		}
		if _, err := p.Readable(ctx, u, t.Object); err != nil {
			return nil, httpx.Invalid(httpx.FieldError{Field: "body", Rule: "mention",
				Message: fmt.Sprintf("%s may not see this row, so they cannot be mentioned", u.FullName)})
		}
		out = append(out, u)
	}
	return out, nil
}

// tell writes each mentioned user's notification and e-mail inside tx, so both exist only if
// the comment does.
func (s *Service) tell(ctx context.Context, tx pgx.Tx, target Target, body string, users []*identity.User) error {
	author := me(ctx).FullName
	for _, u := range users {
		if err := notify.Send(ctx, tx, notify.Notification{UserID: u.ID, Type: "CommentNotification", Message: MessageMention,
			Values: map[string]any{"author": author, "title": target.Title}, Link: target.Link}); err != nil {
			return err
		}
		link := strings.TrimRight(s.cfg.PublicURL, "/") + target.Link
		text := fmt.Sprintf("%s mentioned you in a comment on %s:\n\n%s\n\n%s\n", author, target.Title, PlainText(body), link)
		if err := s.outbox.Enqueue(ctx, tx, []string{u.Email}, "ITS: "+author+" mentioned you in a comment", text); err != nil {
			return err
		}
	}
	return nil
}

// Get answers a row's thread (empty when nobody has commented).
func (s *Service) Get(ctx context.Context, p Policy, t Thread) (*View, error) {
	if _, err := p.Readable(ctx, me(ctx), t.Object); err != nil {
		return nil, err
	}
	return s.view(ctx, s.db, t)
}

// Add writes a comment on a row's thread (opening the thread if it was resolved) and tells the
// colleagues it mentions.
func (s *Service) Add(ctx context.Context, p Policy, t Thread, body string) (*View, error) {
	target, err := p.Readable(ctx, me(ctx), t.Object)
	if err != nil {
		return nil, err
	}
	body, err = checkBody(body)
	if err != nil {
		return nil, err
	}
	users, err := s.mentioned(ctx, p, t, body)
	if err != nil {
		return nil, err
	}
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		thread, err := ensureThread(ctx, tx, t)
		if err != nil {
			return err
		}
		if err := insertComment(ctx, tx, thread, me(ctx).ID, body, Mentions(body)); err != nil {
			return err
		}
		if err := announce(ctx, tx, p, t); err != nil {
			return err
		}
		return s.tell(ctx, tx, target, body, users)
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, s.db, t)
}

// Edit changes the text of one's own comment; a colleague it mentions for the first time is
// told as on Add.
func (s *Service) Edit(ctx context.Context, p Policy, scope, object string, id int64, body string) (*View, error) {
	target, err := p.Readable(ctx, me(ctx), object)
	if err != nil {
		return nil, err
	}
	body, err = checkBody(body)
	if err != nil {
		return nil, err
	}
	var t Thread
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		c, err := ownComment(ctx, tx, scope, object, id, me(ctx).ID)
		if err != nil {
			return err
		}
		t = c.thread
		users, err := s.mentioned(ctx, p, t, body)
		if err != nil {
			return err
		}
		var fresh []*identity.User
		for _, u := range users {
			if !contains(c.mentions, u.ID) {
				fresh = append(fresh, u)
			}
		}
		if err := updateComment(ctx, tx, id, body, Mentions(body)); err != nil {
			return err
		}
		return s.tell(ctx, tx, target, body, fresh)
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, s.db, t)
}

// Delete removes one's own comment.
func (s *Service) Delete(ctx context.Context, p Policy, scope, object string, id int64) (*View, error) {
	if _, err := p.Readable(ctx, me(ctx), object); err != nil {
		return nil, err
	}
	var t Thread
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		c, err := ownComment(ctx, tx, scope, object, id, me(ctx).ID)
		if err != nil {
			return err
		}
		t = c.thread
		if err := deleteComment(ctx, tx, id); err != nil {
			return err
		}
		return announce(ctx, tx, p, t)
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, s.db, t)
}

// Resolve marks a row's thread resolved (resolved true) or open again.
func (s *Service) Resolve(ctx context.Context, p Policy, t Thread, resolved bool) (*View, error) {
	if _, err := p.Readable(ctx, me(ctx), t.Object); err != nil {
		return nil, err
	}
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		n, err := setResolved(ctx, tx, t, me(ctx).ID, resolved)
		if err == nil && n == 0 {
			return httpx.NotFound("Comment thread")
		}
		if err != nil {
			return err
		}
		return announce(ctx, tx, p, t)
	})
	if err != nil {
		return nil, err
	}
	return s.view(ctx, s.db, t)
}

// Counts answers, for each row of the object with an open thread, its number of comments.
func (s *Service) Counts(ctx context.Context, p Policy, scope, object string) (map[string]int, error) {
	if _, err := p.Readable(ctx, me(ctx), object); err != nil {
		return nil, err
	}
	return openCounts(ctx, s.db, scope, object)
}

// Suggest lists up to SuggestLimit active colleagues whose first name, last name or full name
// starts with prefix and who may read the object's rows (the caller left out).
func (s *Service) Suggest(ctx context.Context, p Policy, object, prefix string) ([]Person, error) {
	if _, err := p.Readable(ctx, me(ctx), object); err != nil {
		return nil, err
	}
	prefix = strings.TrimSpace(strings.TrimPrefix(prefix, "@"))
	if utf8.RuneCountInString(prefix) > 100 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "q", Rule: "maxLength", Message: "The name is at most 100 characters long"})
	}
	out := []Person{}
	// Candidates come in pages of names; the policy keeps those who may read the rows.
	for page := range 5 {
		users, err := candidates(ctx, s.db, prefix, me(ctx).ID, page*50, 50)
		if err != nil {
			return nil, err
		}
		for _, u := range users {
			if _, err := p.Readable(ctx, u, object); err == nil {
				out = append(out, Person{ID: u.ID, FullName: u.FullName, Email: u.Email})
				if len(out) == SuggestLimit {
					return out, nil
				}
			}
		}
		if len(users) < 50 {
			break
		}
	}
	return out, nil
}
