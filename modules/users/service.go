package users

import (
	"github.com/jackc/pgx/v5"

	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/mail"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	itsmail "its/core/mail"
	"its/core/session"
	"its/core/sso"
)

// Service holds the account rules.
type Service struct {
	db       *pgxpool.Pool
	store    *Store
	users    *identity.Store
	sessions *session.Manager
	outbox   *itsmail.Outbox
	cfg      *config.Config
	log      *slog.Logger
	authz    *authz.Engine
	sso      *sso.Service
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB       *pgxpool.Pool
	Store    *Store
	Users    *identity.Store
	Sessions *session.Manager
	Outbox   *itsmail.Outbox
	Config   *config.Config
	Log      *slog.Logger
	Authz    *authz.Engine
	SSO      *sso.Service
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, users: p.Users, sessions: p.Sessions, outbox: p.Outbox, cfg: p.Config, log: p.Log, authz: p.Authz, sso: p.SSO}
}

// Messages of the spec's login and session catalogue.
const (
	msgInvalidLogin = "Invalid email or password"
	msgRateLimited  = "Too many failed login attempts. Please wait a few minutes and try again."
	msgResetLimited = "Too many password reset requests. Please wait a few minutes and try again."
	msgDeactivated  = "Your account has been deactivated due to inactivity. Please contact the administrator."
	msgUnderReview  = "Your request for access is under review. You will be notified by email."
	msgVerifyEmail  = "Email verification is required. Please confirm your email, then an administrator will review your request."
	msgNotApproved  = "Your request for access was not approved."
	codeTTLConfirm  = 72 * time.Hour
	codeTTLPassword = time.Hour
	codeBytes       = 24
)

// Login checks the credentials (rate-limited per account and per address) and returns the user.
func (s *Service) Login(ctx context.Context, email, password, address string) (*identity.User, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	var fields []httpx.FieldError
	if email == "" {
		fields = append(fields, httpx.FieldError{Field: "email", Rule: "required", Message: "Email is required"})
	}
	if password == "" {
		fields = append(fields, httpx.FieldError{Field: "password", Rule: "required", Message: "Password is required"})
	}
	if len(fields) > 0 {
		return nil, httpx.Invalid(fields...)
	}
	if err := s.providerOnly(ctx, email, "password"); err != nil {
		return nil, err
	}
	// The attempt counts as a failure until the password proves right.
	id, perAccount, perAddress, err := s.store.attempt(ctx, loginFailures, email, address, s.cfg.Login.FailureWindow.Duration)
	if err != nil {
		return nil, err
	}
	if perAccount > s.cfg.Login.MaxFailuresPerAccount || perAddress > s.cfg.Login.MaxFailuresPerAddress {
		if err := s.store.forget(context.WithoutCancel(ctx), loginFailures, id); err != nil {
			return nil, err
		}
		return nil, httpx.TooMany(msgRateLimited)
	}
	u, hash, err := s.users.ByEmail(ctx, email)
	if err != nil && !errors.Is(err, identity.ErrNotFound) {
		return nil, err
	}
	if !identity.CheckPassword(hash, password) || u == nil {
		return nil, &httpx.Error{Status: http.StatusUnauthorized, Code: "ITS_ERR_LOGIN_INVALID", Message: msgInvalidLogin}
	}
	if err := s.store.clearAttempts(ctx, loginFailures, email); err != nil {
		return nil, err
	}
	if err := statusRefusal(u.Status); err != nil {
		return nil, err
	}
	return u, nil
}

// statusRefusal is why an account of status may not sign in (nil for an active one).
func statusRefusal(status string) *httpx.Error {
	switch status {
	case "active":
		return nil
	case "deactivated":
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_ACCOUNT_DEACTIVATED", Message: msgDeactivated}
	case "pendingApproval":
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_ACCESS_UNDER_REVIEW", Message: msgUnderReview}
	case "pendingEmail":
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_EMAIL_NOT_VERIFIED", Message: msgVerifyEmail}
	default:
		return &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_NOT_APPROVED", Message: msgNotApproved}
	}
}

// AccessRequest is the body of a request for an account.
type AccessRequest struct {
	Email    string `json:"email"`
	Name     string `json:"name"`
	LastName string `json:"lastName"`
}

// RequestAccess creates a pending account and mails its confirmation link. An address that
// already has an account gets the same answer and no new account.
func (s *Service) RequestAccess(ctx context.Context, req AccessRequest) error {
	req.Email = strings.ToLower(strings.TrimSpace(req.Email))
	req.Name, req.LastName = strings.TrimSpace(req.Name), strings.TrimSpace(req.LastName)
	var fields []httpx.FieldError
	if a, err := mail.ParseAddress(req.Email); err != nil || a.Address != req.Email {
		fields = append(fields, httpx.FieldError{Field: "email", Rule: "email", Message: "A valid email is required"})
	}
	if req.Name == "" {
		fields = append(fields, httpx.FieldError{Field: "name", Rule: "required", Message: "Name is required"})
	}
	if req.LastName == "" {
		fields = append(fields, httpx.FieldError{Field: "lastName", Rule: "required", Message: "Last name is required"})
	}
	if len(fields) > 0 {
		return httpx.Invalid(fields...)
	}
	if err := s.providerOnly(ctx, req.Email, "accessRequest"); err != nil {
		return err
	}
	if _, _, err := s.users.ByEmail(ctx, req.Email); err == nil {
		return nil
	} else if !errors.Is(err, identity.ErrNotFound) {
		return err
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		id, err := s.users.Create(ctx, tx, identity.NewUser{User: identity.User{Email: req.Email, Name: req.Name, LastName: req.LastName, Status: "pendingEmail", Strategy: "local"}})
		if err != nil {
			return err
		}
		code, err := identity.CreateCode(ctx, tx, id, identity.PurposeConfirmEmail, codeTTLConfirm)
		if err != nil {
			return err
		}
		link := fmt.Sprintf("%s/confirm-email/%s", strings.TrimRight(s.cfg.PublicURL, "/"), code)
		body := fmt.Sprintf("Hello %s,\n\nplease confirm your email address for ITS by opening this link:\n\n%s\n\nAn administrator will then review your request.\n", req.Name, link)
		if err := s.outbox.Enqueue(ctx, tx, []string{req.Email}, "ITS: confirm your email", body); err != nil {
			return err
		}
		return nil
	})
}

// ConfirmEmail moves a pending account on to administrator review.
func (s *Service) ConfirmEmail(ctx context.Context, code string) error {
	if strings.TrimSpace(code) == "" {
		return httpx.Invalid(httpx.FieldError{Field: "code", Rule: "required", Message: "Code is required"})
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		uid, err := identity.UseCode(ctx, tx, code, identity.PurposeConfirmEmail, "")
		if errors.Is(err, identity.ErrBadCode) {
			return httpx.Invalid(httpx.FieldError{Field: "code", Rule: "valid", Message: "This confirmation link is not valid or has expired."})
		}
		if err != nil {
			return err
		}
		if err := s.users.ConfirmEmail(ctx, tx, uid); err != nil {
			return err
		}
		admins, err := s.store.adminEmails(ctx, tx)
		if err != nil {
			return err
		}
		if len(admins) > 0 {
			if err := s.outbox.Enqueue(ctx, tx, admins, "ITS: an access request awaits review", "A new access request has confirmed its email and awaits your review in ITS administration.\n"); err != nil {
				return err
			}
		}
		return nil
	})
}

// RequestPasswordReset mails a set-password link when the address has an account; the answer is
// the same either way. Company employees are told to ask IT instead.
func (s *Service) RequestPasswordReset(ctx context.Context, email, address string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		return httpx.Invalid(httpx.FieldError{Field: "email", Rule: "required", Message: "Email is required"})
	}
	// Counted for unknown addresses too, so the answer tells nothing about which exist.
	id, perAccount, perAddress, err := s.store.attempt(ctx, resetRequests, email, address, s.cfg.Login.FailureWindow.Duration)
	if err != nil {
		return err
	}
	if perAccount > s.cfg.Login.MaxResetsPerAccount || perAddress > s.cfg.Login.MaxResetsPerAddress {
		if err := s.store.forget(context.WithoutCancel(ctx), resetRequests, id); err != nil {
			return err
		}
		return httpx.TooMany(msgResetLimited)
	}
	u, _, err := s.users.ByEmail(ctx, email)
	if errors.Is(err, identity.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var body string
		if u.Employee {
			body = "A password reset was requested for your ITS account. Company employees' passwords are reset by the IT department: please contact IT.\n"
		} else {
			code, err := identity.CreateCode(ctx, tx, u.ID, identity.PurposeSetPassword, codeTTLPassword)
			if err != nil {
				return err
			}
			link := fmt.Sprintf("%s/set-password/%s/%s", strings.TrimRight(s.cfg.PublicURL, "/"), u.ID, code)
			body = fmt.Sprintf("Hello %s,\n\nset a new ITS password within the hour with this link:\n\n%s\n\nIf you did not ask for this, ignore this email.\n", u.Name, link)
		}
		if err := s.outbox.Enqueue(ctx, tx, []string{u.Email}, "ITS: reset your password", body); err != nil {
			return err
		}
		return nil
	})
}

// SetPassword sets a new password with a live code and ends the user's other sessions.
func (s *Service) SetPassword(ctx context.Context, userID, code, password string) error {
	if err := identity.ValidatePassword(password); err != nil {
		return httpx.Invalid(httpx.FieldError{Field: "password", Rule: "strength", Message: err.Error()})
	}
	if userID == "" || code == "" {
		return httpx.Invalid(httpx.FieldError{Field: "code", Rule: "required", Message: "The link is incomplete."})
	}
	hash, err := identity.HashPassword(password)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		uid, err := identity.UseCode(ctx, tx, code, identity.PurposeSetPassword, userID)
		if errors.Is(err, identity.ErrBadCode) {
			return httpx.Invalid(httpx.FieldError{Field: "code", Rule: "valid", Message: "This link is not valid or has expired. Please request a new one."})
		}
		if err != nil {
			return err
		}
		if err := s.users.SetPasswordHash(ctx, tx, uid, hash); err != nil {
			return err
		}
		if err := s.sessions.DestroyUser(ctx, tx, uid); err != nil {
			return err
		}
		return nil
	})
}
