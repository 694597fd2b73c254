package searches

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	mailer "its/core/mail"
)

// Service holds the rules of saved searches and app-link mails.
type Service struct {
	db     *pgxpool.Pool
	store  *Store
	outbox *mailer.Outbox
	cfg    *config.Config
}

// NewService gives the service.
func NewService(db *pgxpool.Pool, store *Store, outbox *mailer.Outbox, cfg *config.Config) *Service {
	return &Service{db: db, store: store, outbox: outbox, cfg: cfg}
}

func me(ctx context.Context) *identity.User { return identity.FromContext(ctx) }

// SaveRequest is a search to keep.
type SaveRequest struct {
	Name      string          `json:"name"`
	Query     json.RawMessage `json:"query"`
	QueryPath string          `json:"queryPath"`
}

// List answers the caller's saved searches.
func (s *Service) List(ctx context.Context, queryPath string) ([]*Saved, error) {
	return s.store.list(ctx, me(ctx).ID, queryPath)
}

// Save keeps a search under its name (the same name on the same page replaces it).
func (s *Service) Save(ctx context.Context, req *SaveRequest) (*Saved, error) {
	var bad []httpx.FieldError
	name := strings.TrimSpace(req.Name)
	if name == "" || len(name) > 200 {
		bad = append(bad, httpx.FieldError{Field: "name", Rule: "required", Message: "Name the search (at most 200 characters)"})
	}
	var obj map[string]any
	if len(req.Query) == 0 || json.Unmarshal(req.Query, &obj) != nil || obj == nil {
		bad = append(bad, httpx.FieldError{Field: "query", Rule: "object", Message: "query must be the search's conditions as an object"})
	} else if len(req.Query) > MaxQueryBytes {
		bad = append(bad, httpx.FieldError{Field: "query", Rule: "max", Message: fmt.Sprintf("query is at most %d bytes", MaxQueryBytes)})
	}
	path, err := AppPath(req.QueryPath)
	if err != nil {
		bad = append(bad, httpx.FieldError{Field: "queryPath", Rule: "path", Message: err.Error()})
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	out, full, err := s.store.save(ctx, me(ctx).ID, &Saved{Name: name, Query: req.Query, QueryPath: path})
	if full {
		return nil, httpx.Invalid(httpx.FieldError{Field: "name", Rule: "max", Message: fmt.Sprintf("You keep %d saved searches already; delete one first", MaxSaved)})
	}
	return out, err
}

// Delete removes one of the caller's saved searches (another user's answers 404).
func (s *Service) Delete(ctx context.Context, id string) error {
	if uuid.Validate(id) != nil {
		return httpx.NotFound("Saved search")
	}
	ok, err := s.store.delete(ctx, me(ctx).ID, id)
	if err == nil && !ok {
		return httpx.NotFound("Saved search")
	}
	return err
}

// ShareRequest is the mail of a link into the app: a shared search or an app link.
type ShareRequest struct {
	Recipients    []string `json:"recipients"`
	BCCRecipients []string `json:"bccRecipients"`
	Subject       string   `json:"subject"`
	Body          string   `json:"body"`
	TextLink      string   `json:"textLink"`
	Path          string   `json:"path"`
}

const maxRecipients = 50

// Share mails recipients (and each bcc recipient apart, so no one sees them) the link to path,
// a page of this app: the body, then the link's text and the link.
func (s *Service) Share(ctx context.Context, req *ShareRequest) error {
	bad := mailer.CheckRecipients(req.Recipients, req.BCCRecipients, true, maxRecipients)
	subject, text := oneLine(req.Subject), oneLine(req.TextLink)
	if subject == "" || len(subject) > 500 {
		bad = append(bad, httpx.FieldError{Field: "subject", Rule: "required", Message: "Give the mail a subject (at most 500 characters)"})
	}
	if len(req.Body) > 10000 || len(text) > 500 {
		bad = append(bad, httpx.FieldError{Field: "body", Rule: "max", Message: "The message or the link's text is too long"})
	}
	path, err := AppPath(req.Path)
	if err != nil {
		bad = append(bad, httpx.FieldError{Field: "path", Rule: "path", Message: err.Error()})
	}
	if len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	link := strings.TrimRight(s.cfg.PublicURL, "/") + path
	if text == "" {
		text = link
	}
	var b strings.Builder
	if body := strings.TrimSpace(req.Body); body != "" {
		b.WriteString(body + "\n\n")
	}
	if u := me(ctx); u != nil {
		if who := strings.TrimSpace(u.Name + " " + u.LastName); who != "" {
			b.WriteString("— " + who + "\n\n")
		}
	}
	if text != link {
		b.WriteString(text + ":\n")
	}
	b.WriteString(link + "\n")
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.outbox.Enqueue(ctx, tx, req.Recipients, subject, b.String()); err != nil {
			return err
		}
		for _, bcc := range req.BCCRecipients {
			if err := s.outbox.Enqueue(ctx, tx, []string{bcc}, subject, b.String()); err != nil {
				return err
			}
		}
		return nil
	})
}

// oneLine trims s and turns its line breaks and other control characters into spaces (a
// subject with a line break would add mail headers).
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s))
}

// AppPath checks that p is a path inside this app (an absolute path with an optional query
// and fragment: no scheme, no host, no "//" start, no control characters, at most 2,000
// bytes), so a mailed link can only lead to this app, and answers it cleaned.
func AppPath(p string) (string, error) {
	p = strings.TrimSpace(p)
	switch {
	case p == "":
		return "", fmt.Errorf("the path is required")
	case len(p) > 2000:
		return "", fmt.Errorf("the path is at most 2000 characters")
	case !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\"):
		return "", fmt.Errorf("the path must be a page of this app, starting with a single /")
	}
	for _, r := range p {
		if unicode.IsControl(r) || r == '\\' || unicode.IsSpace(r) {
			return "", fmt.Errorf("the path holds a character a link may not")
		}
	}
	u, err := url.Parse(p)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return "", fmt.Errorf("the path must be a page of this app, starting with a single /")
	}
	return u.String(), nil
}
