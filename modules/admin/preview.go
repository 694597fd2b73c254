package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
)

// catalogModule is a module as the grants editor shows it: its declared actions.
type catalogModule struct {
	ID      string          `json:"id"`
	Title   string          `json:"title"`
	Actions []catalogAction `json:"actions"`
}

type catalogAction struct {
	ID          string   `json:"id"`
	Description string   `json:"description,omitempty"`
	Resource    []string `json:"resource,omitempty"`
}

// policyCatalog answers what the grants editor edits: every module's declared actions, the
// permission names and roles, and the attributes a grant may narrow by.
func (h *Handler) policyCatalog(w http.ResponseWriter, r *http.Request) error {
	mods := []catalogModule{}
	for _, m := range h.versions.Manifests() {
		cm := catalogModule{ID: m.ID, Title: m.Title, Actions: []catalogAction{}}
		for _, a := range m.Actions {
			cm.Actions = append(cm.Actions, catalogAction{ID: a.ID, Description: a.Description, Resource: a.Resource})
		}
		if len(cm.Actions) > 0 {
			mods = append(mods, cm)
		}
	}
	httpx.Data(w, map[string]any{
		"modules": mods, "permissions": PermissionNames, "roles": Roles,
		"narrow": []string{"channel", "region", "productType"}, "departments": []string{"library"},
		"flags": Flags,
	})
	return nil
}

// Change is what a draft does to one action at its gate (no resource): the users and the roles
// (a single permission, not narrowed) it newly allows and those it no longer allows.
type Change struct {
	Action      string     `json:"action"`
	Gained      []Person   `json:"gained"`
	Lost        []Person   `json:"lost"`
	RolesGained []RoleName `json:"rolesGained"`
	RolesLost   []RoleName `json:"rolesLost"`
}

// RoleName is a permission name and role.
type RoleName struct {
	Domain string `json:"domain"`
	Role   string `json:"role"`
}

// changedActions lists the actions a draft may decide differently: those whose grants.json
// entries differ, or every action when a Rego file that decides (not a test) differs.
func changedActions(live, draft authz.Files, all []string) ([]string, error) {
	for _, p := range append(live.Paths(), draft.Paths()...) {
		if strings.HasSuffix(p, ".rego") && !strings.HasSuffix(p, "_test.rego") && live[p] != draft[p] {
			return all, nil
		}
	}
	var a, b map[string]json.RawMessage
	if err := json.Unmarshal([]byte(live[authz.GrantsFile]), &a); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(draft[authz.GrantsFile]), &b); err != nil {
		return nil, httpx.Invalid(httpx.FieldError{Field: "files", Rule: "json", Message: "grants.json: " + err.Error()})
	}
	var out []string
	for _, act := range all {
		if !sameJSON(a[act], b[act]) {
			out = append(out, act)
		}
	}
	return out, nil
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// policyPreview answers what saving a draft would grant and take away, by user and by role,
// before it is saved. Only the actions the draft may decide differently are asked.
func (h *Handler) policyPreview(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	files, err := draftFiles(r)
	if err != nil {
		return err
	}
	draft, err := h.sim(ctx, files)
	if err != nil {
		return err
	}
	live, err := h.sim(ctx, nil)
	if err != nil {
		return err
	}
	liveVersion, err := h.versions.Store().Get(ctx, h.versions.DB(), 0)
	if err != nil {
		return err
	}
	all := append(live.Actions(), draft.Actions()...)
	slices.Sort(all)
	all = slices.Compact(all)
	acts, err := changedActions(liveVersion.Files, files, all)
	if err != nil {
		return err
	}
	users, err := h.store.Active(ctx)
	if err != nil {
		return err
	}
	subjects := make([]*identity.User, 0, len(PermissionNames)*len(Roles))
	roles := make([]RoleName, 0, cap(subjects))
	for _, d := range PermissionNames {
		for _, ro := range Roles {
			subjects = append(subjects, &identity.User{ID: "00000000-0000-0000-0000-000000000000", Permissions: []identity.Permission{{Domain: d, Role: ro, Channel: "All", Region: "All", ProductType: "All"}}})
			roles = append(roles, RoleName{d, ro})
		}
	}
	out := []Change{}
	for _, act := range acts {
		c := Change{Action: act, Gained: []Person{}, Lost: []Person{}, RolesGained: []RoleName{}, RolesLost: []RoleName{}}
		for _, u := range users {
			was, now, err := both(ctx, live, draft, u, act)
			if err != nil {
				return err
			}
			switch {
			case now && !was:
				c.Gained = append(c.Gained, person(u))
			case was && !now:
				c.Lost = append(c.Lost, person(u))
			}
		}
		for i, u := range subjects {
			was, now, err := both(ctx, live, draft, u, act)
			if err != nil {
				return err
			}
			switch {
			case now && !was:
				c.RolesGained = append(c.RolesGained, roles[i])
			case was && !now:
				c.RolesLost = append(c.RolesLost, roles[i])
			}
		}
		if len(c.Gained)+len(c.Lost)+len(c.RolesGained)+len(c.RolesLost) > 0 {
			out = append(out, c)
		}
	}
	httpx.Data(w, map[string]any{"changes": out})
	return nil
}

// both is the live and the draft decision for u on act at its gate.
func both(ctx context.Context, live, draft *authz.Sim, u *identity.User, act string) (was, now bool, err error) {
	if live.Known(act) {
		if was, err = live.Allowed(ctx, u, act, nil); err != nil {
			return
		}
	}
	if draft.Known(act) {
		now, err = draft.Allowed(ctx, u, act, nil)
	}
	return
}
