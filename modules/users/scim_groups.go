package users

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/elimity-com/scim"
	"github.com/elimity-com/scim/optional"
	"github.com/jackc/pgx/v5"
	filter "github.com/scim2/filter-parser/v2"

	"its/core/audit"
)

// scimGroup is one of a provider's groups with its members (account ids), kept so that sign-in
// can map a group to permissions.
type scimGroup struct {
	ID          string    `json:"id"`
	DisplayName string    `json:"displayName"`
	ExternalID  string    `json:"externalId"`
	Members     []string  `json:"members"`
	Created     time.Time `json:"-"`
	Updated     time.Time `json:"-"`
}

func (g *scimGroup) resource(emails map[string]string) scim.Resource {
	members := make([]any, 0, len(g.Members))
	for _, m := range g.Members {
		members = append(members, map[string]any{"value": m, "display": emails[m], "type": "User"})
	}
	ext := optional.String{}
	if g.ExternalID != "" {
		ext = optional.NewString(g.ExternalID)
	}
	created, updated := g.Created, g.Updated
	return scim.Resource{
		ID: g.ID, ExternalID: ext,
		Attributes: scim.ResourceAttributes{"displayName": g.DisplayName, "members": members},
		Meta:       scim.Meta{Created: &created, LastModified: &updated},
	}
}

// scimGroups serves /Groups: the calling provider's groups.
type scimGroups struct{ s *scimService }

type querier interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}

func (h *scimGroups) one(ctx context.Context, q querier, provider, id string) (*scimGroup, map[string]string, error) {
	gs, emails, err := h.groups(ctx, q, provider, id)
	if err != nil {
		return nil, nil, err
	}
	if len(gs) == 0 {
		return nil, nil, notFound(id)
	}
	return gs[0], emails, nil
}

// memberIDs reads a members value: a list of {value: <account id>}.
func memberIDs(v any) []string {
	var ids []string
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	for _, e := range list {
		m, _ := e.(map[string]any)
		if val, ok := attr(m, "value"); ok && str(val) != "" {
			ids = append(ids, str(val))
		}
	}
	return ids
}

// groupFrom is the group a POST or PUT describes.
func groupFrom(a scim.ResourceAttributes) scimGroup {
	var g scimGroup
	if v, ok := attr(a, "displayName"); ok {
		g.DisplayName = str(v)
	}
	if v, ok := attr(a, "externalId"); ok {
		g.ExternalID = str(v)
	}
	if v, ok := attr(a, "members"); ok {
		g.Members = memberIDs(v)
	}
	return g
}

func (h *scimGroups) Create(r *http.Request, a scim.ResourceAttributes) (scim.Resource, error) {
	p := providerOf(r)
	g := groupFrom(a)
	return h.write(r, "users.scim.group.create", func(ctx context.Context, tx pgx.Tx) (*scimGroup, *scimGroup, error) {
		return nil, &g, h.save(ctx, tx, p, &g)
	})
}

// write runs one change of a group in a transaction with its audit entry and answers the group.
func (h *scimGroups) write(r *http.Request, action string, change func(context.Context, pgx.Tx) (before, after *scimGroup, err error)) (scim.Resource, error) {
	p, ctx := providerOf(r), r.Context()
	var res scim.Resource
	err := h.s.inTx(ctx, func(tx pgx.Tx) error {
		before, after, err := change(ctx, tx)
		if err != nil {
			return err
		}
		g, emails, err := h.one(ctx, tx, p, after.ID)
		if err != nil {
			return err
		}
		res = g.resource(emails)
		return audit.Record(ctx, tx, "", action, "Group", g.ID, map[string]any{"provider": p, "before": before, "after": g})
	})
	if err != nil {
		return scim.Resource{}, h.s.scimErr(err)
	}
	return res, nil
}

func (h *scimGroups) Get(r *http.Request, id string) (scim.Resource, error) {
	g, emails, err := h.one(r.Context(), h.s.db, providerOf(r), id)
	if err != nil {
		return scim.Resource{}, h.s.scimErr(err)
	}
	return g.resource(emails), nil
}

func (h *scimGroups) GetAll(r *http.Request, params scim.ListRequestParams) (scim.Page, error) {
	gs, emails, err := h.groups(r.Context(), h.s.db, providerOf(r), "")
	if err != nil {
		return scim.Page{}, h.s.scimErr(err)
	}
	all := make([]scim.Resource, 0, len(gs))
	for _, g := range gs {
		all = append(all, g.resource(emails))
	}
	if params.FilterValidator != nil {
		all = passing(all, params)
	}
	return page(all, params), nil
}

func (h *scimGroups) Replace(r *http.Request, id string, a scim.ResourceAttributes) (scim.Resource, error) {
	p := providerOf(r)
	return h.write(r, "users.scim.group.update", func(ctx context.Context, tx pgx.Tx) (*scimGroup, *scimGroup, error) {
		before, err := h.locked(ctx, tx, p, id)
		if err != nil {
			return nil, nil, err
		}
		after := groupFrom(a)
		after.ID = before.ID
		return before, &after, h.save(ctx, tx, p, &after)
	})
}

func (h *scimGroups) Patch(r *http.Request, id string, ops []scim.PatchOperation) (scim.Resource, error) {
	p := providerOf(r)
	return h.write(r, "users.scim.group.update", func(ctx context.Context, tx pgx.Tx) (*scimGroup, *scimGroup, error) {
		before, err := h.locked(ctx, tx, p, id)
		if err != nil {
			return nil, nil, err
		}
		after := *before
		after.Members = slices.Clone(before.Members)
		if err := applyGroupPatch(&after, ops); err != nil {
			return nil, nil, err
		}
		return before, &after, h.save(ctx, tx, p, &after)
	})
}

func (h *scimGroups) Delete(r *http.Request, id string) error {
	p, ctx := providerOf(r), r.Context()
	err := h.s.inTx(ctx, func(tx pgx.Tx) error {
		before, err := h.locked(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if err := deleteSCIMGroup(ctx, tx, before.ID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, "", "users.scim.group.delete", "Group", before.ID, map[string]any{"provider": p, "before": before})
	})
	if err != nil {
		return h.s.scimErr(err)
	}
	return nil
}

// applyGroupPatch applies PATCH operations to g: displayName and externalId replaced, members
// added, replaced or removed (all of them, those listed in the value as Entra ID sends, or those
// a filter selects as Okta sends: members[value eq "id"]).
func applyGroupPatch(g *scimGroup, ops []scim.PatchOperation) error {
	return eachOp(ops, func(op string, path filter.Path, v any) error { return applyGroupOp(g, op, path, v) })
}

func applyGroupOp(g *scimGroup, op string, path filter.Path, v any) error {
	switch strings.ToLower(path.AttributePath.AttributeName) {
	case "displayname":
		if op == scim.PatchOperationRemove {
			return invalid("displayName cannot be removed.")
		}
		g.DisplayName = str(v)
	case "externalid":
		if op == scim.PatchOperationRemove {
			g.ExternalID = ""
		} else {
			g.ExternalID = str(v)
		}
	case "members":
		switch op {
		case scim.PatchOperationAdd:
			g.Members = append(g.Members, memberIDs(v)...)
		case scim.PatchOperationReplace:
			g.Members = memberIDs(v)
		case scim.PatchOperationRemove:
			drop := memberIDs(v)
			if path.ValueExpression != nil {
				drop = append(drop, filteredMembers(g.Members, path.ValueExpression)...)
			} else if v == nil {
				drop = g.Members
			}
			g.Members = slices.DeleteFunc(slices.Clone(g.Members), func(m string) bool { return slices.Contains(drop, m) })
		}
	}
	return nil
}

// filteredMembers are the members a value filter selects; only `value eq "<id>"` (joined with
// or) selects anything, as the only sub-attribute kept is the value.
func filteredMembers(members []string, e filter.Expression) []string {
	switch x := e.(type) {
	case *filter.AttributeExpression:
		v, ok := x.CompareValue.(string)
		if ok && x.Operator == filter.EQ && strings.EqualFold(x.AttributePath.AttributeName, "value") && slices.Contains(members, v) {
			return []string{v}
		}
	case *filter.LogicalExpression:
		if x.Operator == filter.OR {
			return append(filteredMembers(members, x.Left), filteredMembers(members, x.Right)...)
		}
	}
	return nil
}
