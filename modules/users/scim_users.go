package users

import (
	"net/http"
	"net/mail"
	"strings"
	"time"

	"github.com/elimity-com/scim"
	scimerrors "github.com/elimity-com/scim/errors"
	"github.com/elimity-com/scim/optional"
	"github.com/jackc/pgx/v5"
	filter "github.com/scim2/filter-parser/v2"

	"its/core/audit"
	"its/core/identity"
)

// scimUser is an account as its provider sees it.
type scimUser struct {
	ID         string    `json:"id"`
	Email      string    `json:"email"`
	Name       string    `json:"name"`
	LastName   string    `json:"lastName"`
	ExternalID string    `json:"externalId"`
	Active     bool      `json:"active"`
	Created    time.Time `json:"-"`
	Updated    time.Time `json:"-"`
}

const scimUserColumns = `u.id::text, u.email, u.name, u.last_name, s.external_id, u.status = 'active', s.created_at, u.updated_at`

func scanSCIMUser(row pgx.Row) (*scimUser, error) {
	u := &scimUser{}
	err := row.Scan(&u.ID, &u.Email, &u.Name, &u.LastName, &u.ExternalID, &u.Active, &u.Created, &u.Updated)
	return u, err
}

func (u *scimUser) resource() scim.Resource {
	ext := optional.String{}
	if u.ExternalID != "" {
		ext = optional.NewString(u.ExternalID)
	}
	created, updated := u.Created, u.Updated
	return scim.Resource{
		ID:         u.ID,
		ExternalID: ext,
		Attributes: scim.ResourceAttributes{
			"userName":    u.Email,
			"displayName": strings.TrimSpace(u.Name + " " + u.LastName),
			"name": map[string]any{
				"givenName": u.Name, "familyName": u.LastName,
				"formatted": strings.TrimSpace(u.Name + " " + u.LastName),
			},
			"emails": []any{map[string]any{"value": u.Email, "primary": true, "type": "work"}},
			"active": u.Active,
		},
		Meta: scim.Meta{Created: &created, LastModified: &updated},
	}
}

// scimUsers serves /Users: the accounts of the calling provider.
type scimUsers struct{ s *scimService }

// attr reads a key of a SCIM object case-insensitively (attribute names are).
func attr(m map[string]any, name string) (any, bool) {
	for k, v := range m {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return nil, false
}

func str(v any) string { s, _ := v.(string); return strings.TrimSpace(s) }

// emailOf picks the primary (else the first) address of an emails value.
func emailOf(v any) string {
	list, _ := v.([]any)
	first := ""
	for _, e := range list {
		m, _ := e.(map[string]any)
		val, _ := attr(m, "value")
		if first == "" {
			first = str(val)
		}
		if p, _ := attr(m, "primary"); p == true {
			return str(val)
		}
	}
	return first
}

// fromAttributes is the account a POST or PUT describes; absent active keeps keep.
func fromAttributes(a scim.ResourceAttributes, keep bool) scimUser {
	u := scimUser{Active: keep}
	userName, _ := attr(a, "userName")
	u.Email = str(userName)
	if e, ok := attr(a, "emails"); ok {
		if v := emailOf(e); v != "" {
			u.Email = v
		}
	}
	if n, ok := attr(a, "name"); ok {
		m, _ := n.(map[string]any)
		g, _ := attr(m, "givenName")
		f, _ := attr(m, "familyName")
		u.Name, u.LastName = str(g), str(f)
	}
	if v, ok := attr(a, "externalId"); ok {
		u.ExternalID = str(v)
	}
	if v, ok := attr(a, "active"); ok {
		b, _ := v.(bool)
		u.Active = b
	}
	return u
}

// check normalises and checks what is stored.
func (u *scimUser) check() error {
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	if a, err := mail.ParseAddress(u.Email); err != nil || a.Address != u.Email {
		return invalid("userName or a primary email must be a valid e-mail address.")
	}
	if len(u.Name) > 200 || len(u.LastName) > 200 || len(u.ExternalID) > 200 {
		return invalid("name and externalId are limited to 200 characters.")
	}
	return nil
}

func status(active bool) string {
	if active {
		return "active"
	}
	return "deactivated"
}

func (h *scimUsers) Create(r *http.Request, a scim.ResourceAttributes) (scim.Resource, error) {
	p := providerOf(r)
	u := fromAttributes(a, true)
	if err := u.check(); err != nil {
		return scim.Resource{}, err
	}
	var out *scimUser
	err := h.s.inTx(r.Context(), func(tx pgx.Tx) error {
		id, err := h.s.users.Create(r.Context(), tx, identity.NewUser{User: identity.User{
			Email: u.Email, Name: u.Name, LastName: u.LastName, Status: status(u.Active), Strategy: "scim:" + p,
		}})
		if err != nil {
			return err
		}
		if err := addSCIMUser(r.Context(), tx, id, p, u.ExternalID); err != nil {
			return err
		}
		if out, err = h.load(r.Context(), tx, p, id, false); err != nil {
			return err
		}
		return audit.Record(r.Context(), tx, "", "users.scim.create", "User", id, map[string]any{"provider": p, "after": out})
	})
	if err != nil {
		return scim.Resource{}, h.s.scimErr(err)
	}
	return out.resource(), nil
}

func (h *scimUsers) Get(r *http.Request, id string) (scim.Resource, error) {
	u, err := h.load(r.Context(), h.s.db, providerOf(r), id, false)
	if err != nil {
		return scim.Resource{}, h.s.scimErr(err)
	}
	return u.resource(), nil
}

func (h *scimUsers) GetAll(r *http.Request, params scim.ListRequestParams) (scim.Page, error) {
	p := providerOf(r)
	inMemory := params.FilterValidator != nil
	cond, arg := "", ""
	if inMemory {
		var ok bool
		if cond, arg, ok = userFilterSQL(params.FilterValidator.GetFilter()); ok {
			inMemory = false
		} else {
			cond = ""
		}
	}
	all, err := h.s.scimUsersOf(r.Context(), p, cond, arg)
	if err != nil {
		return scim.Page{}, h.s.scimErr(err)
	}
	if inMemory {
		all = passing(all, params)
	}
	return page(all, params), nil
}

// passing keeps the resources the list's filter passes.
func passing(all []scim.Resource, params scim.ListRequestParams) []scim.Resource {
	kept := all[:0]
	for _, res := range all {
		m := make(map[string]any, len(res.Attributes)+2)
		for k, v := range res.Attributes {
			m[k] = v
		}
		m["id"] = res.ID
		if res.ExternalID.Present() {
			m["externalId"] = res.ExternalID.Value()
		}
		if params.FilterValidator.PassesFilter(m) == nil {
			kept = append(kept, res)
		}
	}
	return kept
}

func (h *scimUsers) Replace(r *http.Request, id string, a scim.ResourceAttributes) (scim.Resource, error) {
	return h.change(r, id, func(u *scimUser) error {
		next := fromAttributes(a, u.Active)
		next.ID, next.Created = u.ID, u.Created
		*u = next
		return nil
	})
}

func (h *scimUsers) Patch(r *http.Request, id string, ops []scim.PatchOperation) (scim.Resource, error) {
	return h.change(r, id, func(u *scimUser) error { return applyUserPatch(u, ops) })
}

// change applies edit to the provider's account id in one transaction: the account, its link,
// its sessions ended when it is deactivated (every server reads the session rows on each
// request, so it is logged out everywhere at its next request) and the audit entry.
func (h *scimUsers) change(r *http.Request, id string, edit func(*scimUser) error) (scim.Resource, error) {
	p := providerOf(r)
	ctx := r.Context()
	var out *scimUser
	err := h.s.inTx(ctx, func(tx pgx.Tx) error {
		before, err := h.load(ctx, tx, p, id, true)
		if err != nil {
			return err
		}
		after := *before
		if err := edit(&after); err != nil {
			return err
		}
		if err := after.check(); err != nil {
			return err
		}
		if err := h.s.users.SetProfile(ctx, tx, before.ID, after.Email, after.Name, after.LastName, status(after.Active)); err != nil {
			return err
		}
		if err := setSCIMExternalID(ctx, tx, before.ID, after.ExternalID); err != nil {
			return err
		}
		action := "users.scim.update"
		switch {
		case before.Active && !after.Active:
			action = "users.scim.deactivate"
			if err := h.s.sessions.DestroyUser(ctx, tx, before.ID); err != nil {
				return err
			}
		case !before.Active && after.Active:
			action = "users.scim.reactivate"
		}
		if out, err = h.load(ctx, tx, p, id, false); err != nil {
			return err
		}
		return audit.Record(ctx, tx, "", action, "User", before.ID, map[string]any{"provider": p, "before": before, "after": out})
	})
	if err != nil {
		return scim.Resource{}, h.s.scimErr(err)
	}
	return out.resource(), nil
}

// Delete ends the provider's hold on the account: it is deactivated (its sessions end), leaves
// the provider's groups and is no longer the provider's. The account itself stays, with what
// it made.
func (h *scimUsers) Delete(r *http.Request, id string) error {
	p := providerOf(r)
	ctx := r.Context()
	err := h.s.inTx(ctx, func(tx pgx.Tx) error {
		before, err := h.load(ctx, tx, p, id, true)
		if err != nil {
			return err
		}
		if err := h.s.users.SetStatus(ctx, tx, before.ID, "deactivated"); err != nil {
			return err
		}
		if err := h.s.sessions.DestroyUser(ctx, tx, before.ID); err != nil {
			return err
		}
		if err := dropSCIMUser(ctx, tx, before.ID, p); err != nil {
			return err
		}
		return audit.Record(ctx, tx, "", "users.scim.delete", "User", before.ID, map[string]any{"provider": p, "before": before})
	})
	if err != nil {
		return h.s.scimErr(err)
	}
	return nil
}

// applyUserPatch applies PATCH operations (RFC 7644 §3.5.2), as the protocol server parsed and
// checked them against the User schema, to u. Attributes ITS does not keep (title, phone
// numbers, the enterprise extension) are accepted and ignored.
func applyUserPatch(u *scimUser, ops []scim.PatchOperation) error {
	return eachOp(ops, func(op string, path filter.Path, v any) error { return applyUserOp(u, op, path, v) })
}

// eachOp calls apply for every attribute an operation targets: its path, or each key of the
// value of an operation without one.
func eachOp(ops []scim.PatchOperation, apply func(op string, path filter.Path, v any) error) error {
	for _, op := range ops {
		if op.Path != nil {
			if err := apply(op.Op, *op.Path, op.Value); err != nil {
				return err
			}
			continue
		}
		values, ok := op.Value.(map[string]any)
		if !ok {
			return invalid("An operation without a path needs an object value.")
		}
		for key, v := range values {
			path, err := filter.ParsePath([]byte(key))
			if err != nil {
				continue // an extension's object: not kept
			}
			if err := apply(op.Op, path, v); err != nil {
				return err
			}
		}
	}
	return nil
}

func applyUserOp(u *scimUser, op string, path filter.Path, v any) error {
	if path.AttributePath.URIPrefix != nil && !strings.EqualFold(path.AttributePath.URI(), "urn:ietf:params:scim:schemas:core:2.0:User") {
		return nil
	}
	remove := op == scim.PatchOperationRemove
	sub := strings.ToLower(path.AttributePath.SubAttributeName())
	if sub == "" {
		sub = strings.ToLower(path.SubAttributeName())
	}
	switch strings.ToLower(path.AttributePath.AttributeName) {
	case "active":
		if remove {
			return nil
		}
		b, ok := v.(bool)
		if !ok {
			return invalid("active must be true or false.")
		}
		u.Active = b
	case "username":
		if remove {
			return scimerrors.ScimErrorMutability
		}
		u.Email = str(v)
	case "externalid":
		if remove {
			u.ExternalID = ""
		} else {
			u.ExternalID = str(v)
		}
	case "name":
		setName := func(field string, val any) {
			switch strings.ToLower(field) {
			case "givenname":
				u.Name = str(val)
			case "familyname":
				u.LastName = str(val)
			}
		}
		switch {
		case remove && sub == "":
			u.Name, u.LastName = "", ""
		case remove:
			setName(sub, "")
		case sub != "":
			setName(sub, v)
		default:
			m, _ := v.(map[string]any)
			for k, val := range m {
				setName(k, val)
			}
		}
	case "emails":
		if remove {
			return nil // an account keeps its address
		}
		var email string
		if sub == "value" {
			email = str(v)
		} else if m, ok := v.(map[string]any); ok {
			email = emailOf([]any{m})
		} else {
			email = emailOf(v)
		}
		if email != "" {
			u.Email = email
		}
	}
	return nil
}
