package users

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/elimity-com/scim"
	scimerrors "github.com/elimity-com/scim/errors"
	"github.com/elimity-com/scim/optional"
	"github.com/elimity-com/scim/schema"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/audit"
	"its/core/config"
	"its/core/db"
	"its/core/identity"
	"its/core/registry"
	"its/core/session"
)

// SCIM provisioning (RFC 7643/7644): each configured identity provider creates, updates and
// deactivates the accounts it owns (strategy scim:<provider>) and keeps its groups, through
// /scim/v2 with its bearer token. The protocol (routing, schemas, filter and PATCH parsing) is
// the elimity-com/scim server; this file maps its resources onto accounts.

// SCIMPrefix is where the SCIM service answers.
const SCIMPrefix = "/scim/v2"

// SCIMRoutes are the routes of the SCIM service (RFC 7644 §3.2), which answers them with the
// providers' bearer tokens instead of sessions and policy actions; {id} is a resource's id.
var SCIMRoutes = []string{
	"GET /scim/v2/ServiceProviderConfig",
	"GET /scim/v2/ResourceTypes", "GET /scim/v2/ResourceTypes/{id}",
	"GET /scim/v2/Schemas", "GET /scim/v2/Schemas/{id}",
	"GET /scim/v2/Users", "POST /scim/v2/Users",
	"GET /scim/v2/Users/{id}", "PUT /scim/v2/Users/{id}", "PATCH /scim/v2/Users/{id}", "DELETE /scim/v2/Users/{id}",
	"GET /scim/v2/Groups", "POST /scim/v2/Groups",
	"GET /scim/v2/Groups/{id}", "PUT /scim/v2/Groups/{id}", "PATCH /scim/v2/Groups/{id}", "DELETE /scim/v2/Groups/{id}",
}

// maxSCIMBody bounds a SCIM request body (the size the service provider configuration
// announces), checked before anything parses it.
const maxSCIMBody = 1 << 20

// maxSCIMResults is the most resources one list answers.
const maxSCIMResults = 200

func init() {
	// Entra ID sends booleans as the strings "True" and "False" (active in a PATCH).
	schema.SetAllowStringValues(true)
}

// scimProvider is one configured provider: its id and its token's SHA-256.
type scimProvider struct {
	id  string
	sum []byte
}

// scimService is the SCIM endpoint of the users module.
type scimService struct {
	db        *pgxpool.Pool
	users     *identity.Store
	sessions  *session.Manager
	log       *slog.Logger
	providers []scimProvider
	server    http.Handler
}

// newSCIM gives the SCIM endpoint; without configured providers it answers 404 everywhere.
func newSCIM(db *pgxpool.Pool, users *identity.Store, sessions *session.Manager, cfg *config.Config, log *slog.Logger) (registry.Endpoint, error) {
	s := &scimService{db: db, users: users, sessions: sessions, log: log}
	for _, p := range cfg.Auth.SCIM {
		s.providers = append(s.providers, scimProvider{id: p.Provider, sum: tokenSum(p.Token)})
	}
	srv, err := newSCIMServer(&scimUsers{s}, &scimGroups{s})
	if err != nil {
		return registry.Endpoint{}, err
	}
	s.server = http.StripPrefix("/scim", srv)
	return registry.Endpoint{Prefix: SCIMPrefix, Handler: s}, nil
}

// newSCIMServer is the protocol server over the two resource handlers.
func newSCIMServer(users, groups scim.ResourceHandler) (scim.Server, error) {
	return scim.NewServer(&scim.ServerArgs{
		ServiceProviderConfig: &scim.ServiceProviderConfig{
			AuthenticationSchemes: []scim.AuthenticationScheme{{
				Type: scim.AuthenticationTypeOauthBearerToken, Name: "OAuth Bearer Token",
				Description: "The provider's token as configured in auth.scim", Primary: true,
			}},
			MaxResults:       maxSCIMResults,
			SupportFiltering: true,
			SupportPatch:     true,
		},
		ResourceTypes: []scim.ResourceType{
			{
				ID: optional.NewString("User"), Name: "User", Endpoint: "/Users",
				Description: optional.NewString("ITS accounts"),
				Schema:      schema.CoreUserSchema(),
				// Entra ID sends the enterprise extension; its values are accepted and not kept.
				SchemaExtensions: []scim.SchemaExtension{{Schema: schema.ExtensionEnterpriseUser()}},
				Handler:          users,
			},
			{
				ID: optional.NewString("Group"), Name: "Group", Endpoint: "/Groups",
				Description: optional.NewString("The provider's groups and their members"),
				Schema:      schema.CoreGroupSchema(),
				Handler:     groups,
			},
		},
	})
}

// tokenSum is the SHA-256 a presented token is compared by: a configured "sha256:<hex>" is that
// hash, anything else the token itself.
func tokenSum(token string) []byte {
	if h, ok := strings.CutPrefix(token, "sha256:"); ok {
		if b, err := hex.DecodeString(h); err == nil && len(b) == sha256.Size {
			return b
		}
	}
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// provider finds whose bearer token r carries, comparing the hashes in constant time with every
// provider's (no early exit): "" for none.
func (s *scimService) provider(r *http.Request) string {
	raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || raw == "" {
		return ""
	}
	got := sha256.Sum256([]byte(strings.TrimSpace(raw)))
	found := ""
	for _, p := range s.providers {
		if subtle.ConstantTimeCompare(got[:], p.sum) == 1 {
			found = p.id
		}
	}
	return found
}

type providerKey struct{}

func providerOf(r *http.Request) string { p, _ := r.Context().Value(providerKey{}).(string); return p }

// ServeHTTP checks the token and the body's size, then hands the request to the protocol server;
// every refusal (a 4xx answer, but for a GET of a resource that is not there, which is how
// providers look one up) is audited.
func (s *scimService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if len(s.providers) == 0 {
		writeSCIMError(w, scimerrors.ScimError{Status: http.StatusNotFound, Detail: "SCIM provisioning is not configured."})
		return
	}
	p := s.provider(r)
	if p == "" {
		reason := "missing token"
		if r.Header.Get("Authorization") != "" {
			reason = "wrong token"
		}
		s.refused(r, "", http.StatusUnauthorized, reason)
		w.Header().Set("WWW-Authenticate", `Bearer realm="scim"`)
		writeSCIMError(w, scimerrors.ScimError{Status: http.StatusUnauthorized, Detail: "A valid SCIM bearer token is required."})
		return
	}
	tooLarge := scimerrors.ScimError{Status: http.StatusRequestEntityTooLarge, Detail: "The request body is larger than 1 MiB."}
	var (
		body []byte
		err  error
	)
	if r.ContentLength <= maxSCIMBody {
		body, err = io.ReadAll(io.LimitReader(r.Body, maxSCIMBody+1))
	}
	if r.ContentLength > maxSCIMBody || len(body) > maxSCIMBody {
		s.refused(r, p, tooLarge.Status, tooLarge.Detail)
		writeSCIMError(w, tooLarge)
		return
	}
	if err != nil {
		s.refused(r, p, http.StatusBadRequest, "unreadable body")
		writeSCIMError(w, scimerrors.ScimErrorInvalidSyntax)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	rec := &statusWriter{ResponseWriter: w}
	s.server.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), providerKey{}, p)))
	if rec.status >= 400 && rec.status < 500 && (r.Method != http.MethodGet || rec.status != http.StatusNotFound) {
		s.refused(r, p, rec.status, http.StatusText(rec.status))
	}
}

// statusWriter keeps the status of the answer.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// refused records a refused request in the audit log: by whom (the provider, or nobody for a
// wrong or missing token), the answer and why.
func (s *scimService) refused(r *http.Request, provider string, status int, reason string) {
	err := s.inTx(r.Context(), func(tx pgx.Tx) error {
		return audit.Record(r.Context(), tx, "", "users.scim.refused", "Route", r.Method+" "+r.URL.Path,
			map[string]any{"provider": provider, "status": strconv.Itoa(status), "reason": reason, "address": s.sessions.ClientAddress(r)})
	})
	if err != nil {
		s.log.Error("audit: recording a refused SCIM request", "error", err)
	}
}

func writeSCIMError(w http.ResponseWriter, e scimerrors.ScimError) {
	raw, _ := json.Marshal(e)
	w.Header().Set("Content-Type", "application/scim+json")
	w.WriteHeader(e.Status)
	_, _ = w.Write(raw)
}

// inTx runs fn in a transaction, committed when fn returns nil.
func (s *scimService) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	return db.InTx(context.WithoutCancel(ctx), s.db, func(tx pgx.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		return nil
	})
}

// scimErr turns a store error into the SCIM answer: a SCIM error as it is, a duplicate as 409,
// anything else logged and answered 500 without its text.
func (s *scimService) scimErr(err error) error {
	var se scimerrors.ScimError
	if errors.As(err, &se) {
		return se
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return scimerrors.ScimErrorUniqueness
	}
	s.log.Error("scim", "error", err)
	return scimerrors.ScimErrorInternal
}

// invalid is a 400 invalidValue error saying what was wrong.
func invalid(detail string) error {
	return scimerrors.ScimError{ScimType: scimerrors.ScimTypeInvalidValue, Status: http.StatusBadRequest, Detail: detail}
}

func notFound(id string) error { return scimerrors.ScimErrorResourceNotFound(id) }

// page slices all by the list's 1-based startIndex and count.
func page(all []scim.Resource, params scim.ListRequestParams) scim.Page {
	start := min(max(params.StartIndex-1, 0), len(all))
	end := min(start+max(params.Count, 0), len(all))
	return scim.Page{TotalResults: len(all), Resources: all[start:end]}
}
