package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/audit"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/mail"
	"its/core/session"
)

// Service holds the rules of account administration.
type Service struct {
	db       *pgxpool.Pool
	store    *Store
	users    *identity.Store
	sessions *session.Manager
	outbox   *mail.Outbox
	cfg      *config.Config
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB     *pgxpool.Pool
	Store  *Store
	Outbox *mail.Outbox
	Config *config.Config
	// Users and Sessions write the kernel's accounts and end their sessions.
	Users    *identity.Store
	Sessions *session.Manager
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, users: p.Users, sessions: p.Sessions, outbox: p.Outbox, cfg: p.Config}
}

// Patch is an edit of one account; absent fields stay as they are.
type Patch struct {
	Status           *string                `json:"status"`
	Permissions      *[]identity.Permission `json:"permissions"`
	Flags            *[]string              `json:"flags"`
	DepartmentAccess *[]string              `json:"departmentAccess"`
	UserTBEs         *[]identity.TBE        `json:"userTBEs"`
}

// transitions are the status changes an admin may make.
var transitions = map[string][]string{
	"pendingApproval": {"active", "notApproved"},
	"pendingEmail":    {"notApproved"},
	"active":          {"deactivated"},
	"deactivated":     {"active"},
	"notApproved":     {"pendingApproval"},
}

func (p *Patch) validate() error {
	var errs []httpx.FieldError
	if p.Permissions != nil {
		for i, perm := range *p.Permissions {
			f := fmt.Sprintf("permissions[%d]", i)
			if !In(PermissionNames, perm.Domain) {
				errs = append(errs, httpx.FieldError{Field: f + ".domain", Rule: "enum", Message: fmt.Sprintf("Unknown permission %q", perm.Domain)})
			}
			if !In(Roles, perm.Role) {
				errs = append(errs, httpx.FieldError{Field: f + ".role", Rule: "enum", Message: fmt.Sprintf("Unknown role %q", perm.Role)})
			}
			for _, n := range []struct {
				field, value string
				list         []string
			}{{"channel", perm.Channel, Channels}, {"region", perm.Region, Regions}, {"productType", perm.ProductType, ProductTypes}} {
				if !In(n.list, n.value) {
					errs = append(errs, httpx.FieldError{Field: f + "." + n.field, Rule: "enum", Message: fmt.Sprintf("%s must be one of %s", n.field, strings.Join(n.list, ", "))})
				}
			}
		}
	}
	if p.Flags != nil {
		for i, fl := range *p.Flags {
			if !In(Flags, fl) {
				errs = append(errs, httpx.FieldError{Field: fmt.Sprintf("flags[%d]", i), Rule: "enum", Message: fmt.Sprintf("Unknown flag %q", fl)})
			}
		}
	}
	if p.DepartmentAccess != nil {
		for i, d := range *p.DepartmentAccess {
			if !In(Departments, d) {
				errs = append(errs, httpx.FieldError{Field: fmt.Sprintf("departmentAccess[%d]", i), Rule: "enum", Message: fmt.Sprintf("Unknown department %q", d)})
			}
		}
	}
	if p.UserTBEs != nil {
		for i, t := range *p.UserTBEs {
			if strings.TrimSpace(t.Territory) == "" || strings.TrimSpace(t.BusinessEntity) == "" {
				errs = append(errs, httpx.FieldError{Field: fmt.Sprintf("userTBEs[%d]", i), Rule: "required", Message: "territory and businessEntity are required"})
			}
		}
	}
	if len(errs) > 0 {
		return httpx.Invalid(errs...)
	}
	return nil
}

// Update applies p to the account id in one transaction, with an audit entry; approving an
// access request mails the new user a link to set a password.
func (s *Service) Update(ctx context.Context, actor *identity.User, id string, p Patch) (*identity.User, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	var after *identity.User
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		u, err := s.store.lockUser(ctx, tx, id)
		if errors.Is(err, identity.ErrNotFound) {
			return httpx.NotFound("User")
		}
		if err != nil {
			return err
		}
		before := *u
		approved := false
		if p.Status != nil && *p.Status != u.Status {
			if !In(transitions[u.Status], *p.Status) {
				return httpx.Invalid(httpx.FieldError{Field: "status", Rule: "transition", Message: fmt.Sprintf("An account cannot go from %s to %s", u.Status, *p.Status)})
			}
			if u.ID == actor.ID {
				return httpx.Invalid(httpx.FieldError{Field: "status", Rule: "self", Message: "You cannot change the status of your own account"})
			}
			approved = u.Status == "pendingApproval" && *p.Status == "active"
			u.Status = *p.Status
		}
		if p.Permissions != nil {
			if u.ID == actor.ID && !hasUserAdmin(*p.Permissions) {
				return httpx.Invalid(httpx.FieldError{Field: "permissions", Rule: "self", Message: "You cannot remove your own user administration permission"})
			}
			if err := s.users.SetPermissions(ctx, tx, u.ID, *p.Permissions); err != nil {
				return err
			}
		}
		if p.Flags != nil {
			u.Flags = *p.Flags
		}
		if p.DepartmentAccess != nil {
			u.DepartmentAccess = *p.DepartmentAccess
		}
		if p.UserTBEs != nil {
			u.UserTBEs = *p.UserTBEs
		}
		if err := s.users.SetAccess(ctx, tx, u); err != nil {
			return err
		}
		if u.Status != "active" {
			if err := s.sessions.DestroyUser(ctx, tx, u.ID); err != nil {
				return err
			}
		}
		if approved {
			if err := s.mailWelcome(ctx, tx, u); err != nil {
				return err
			}
		}
		if err := audit.Record(ctx, tx, actor.ID, "admin.users.update", "User", u.ID, map[string]any{"before": before, "patch": p}); err != nil {
			return err
		}
		after, err = s.store.user(ctx, tx, u.ID)
		if err != nil {
			return err
		}
		return nil
	})
	return after, err
}

func hasUserAdmin(perms []identity.Permission) bool {
	for _, p := range perms {
		if p.Domain == "its:admin:users" && p.Role == "admin" {
			return true
		}
	}
	return false
}

// welcomeTTL is how long a newly approved user has to set a password.
const welcomeTTL = 72 * time.Hour

func (s *Service) mailWelcome(ctx context.Context, tx pgx.Tx, u *identity.User) error {
	code, err := identity.CreateCode(ctx, tx, u.ID, identity.PurposeSetPassword, welcomeTTL)
	if err != nil {
		return err
	}
	link := fmt.Sprintf("%s/set-password/%s/%s/new", strings.TrimRight(s.cfg.PublicURL, "/"), u.ID, code)
	body := fmt.Sprintf("Hello %s,\n\nyour request for ITS was approved. Set your password within three days with this link:\n\n%s\n", u.Name, link)
	return s.outbox.Enqueue(ctx, tx, []string{u.Email}, "ITS: your access was approved", body)
}
