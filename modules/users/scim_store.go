package users

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/elimity-com/scim"
	"github.com/jackc/pgx/v5"
	filter "github.com/scim2/filter-parser/v2"
)

// addSCIMUser makes account id the provider's, known to it by externalID, in tx.
func addSCIMUser(ctx context.Context, tx pgx.Tx, id, provider, externalID string) error {
	_, err := tx.Exec(ctx, `INSERT INTO scim_users (user_id, provider, external_id) VALUES ($1, $2, $3)`, id, provider, externalID)
	return err
}

// setSCIMExternalID writes the provider's id of account userID in tx.
func setSCIMExternalID(ctx context.Context, tx pgx.Tx, userID, externalID string) error {
	_, err := tx.Exec(ctx, `UPDATE scim_users SET external_id = $2, updated_at = now() WHERE user_id = $1`, userID, externalID)
	return err
}

// dropSCIMUser ends the provider's hold on account userID in tx: it leaves the provider's groups
// and is no longer the provider's.
func dropSCIMUser(ctx context.Context, tx pgx.Tx, userID, provider string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM scim_group_members m USING scim_groups g WHERE g.id = m.group_id AND g.provider = $2 AND m.user_id = $1`, userID, provider); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM scim_users WHERE user_id = $1`, userID)
	return err
}

// deleteSCIMGroup removes group id (its members go with it) in tx.
func deleteSCIMGroup(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM scim_groups WHERE id = $1`, id)
	return err
}

// scimUsersOf reads the provider's accounts, oldest first; cond (from userFilterSQL, "" for
// none) narrows them with its argument arg.
func (s *scimService) scimUsersOf(ctx context.Context, provider, cond, arg string) ([]scim.Resource, error) {
	sql := `SELECT ` + scimUserColumns + ` FROM scim_users s JOIN users u ON u.id = s.user_id WHERE s.provider = $1`
	args := []any{provider}
	if cond != "" {
		sql += ` AND ` + cond
		args = append(args, arg)
	}
	rows, err := s.db.Query(ctx, sql+` ORDER BY s.created_at, u.id`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (scim.Resource, error) {
		u, err := scanSCIMUser(row)
		if err != nil {
			return scim.Resource{}, err
		}
		return u.resource(), nil
	})
}

// groups reads the provider's groups (one when id is set) with their members' ids and e-mails.
func (h *scimGroups) groups(ctx context.Context, q querier, provider, id string) ([]*scimGroup, map[string]string, error) {
	rows, err := q.Query(ctx, `SELECT g.id::text, g.display_name, g.external_id, g.created_at, g.updated_at,
		coalesce(array_agg(u.id::text ORDER BY u.email) FILTER (WHERE u.id IS NOT NULL), '{}'),
		coalesce(array_agg(u.email ORDER BY u.email) FILTER (WHERE u.id IS NOT NULL), '{}')
		FROM scim_groups g LEFT JOIN scim_group_members m ON m.group_id = g.id LEFT JOIN users u ON u.id = m.user_id
		WHERE g.provider = $1 AND ($2 = '' OR g.id::text = $2)
		GROUP BY g.id ORDER BY g.created_at, g.id`, provider, id)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	emails := map[string]string{}
	var out []*scimGroup
	for rows.Next() {
		g := &scimGroup{}
		var mails []string
		if err := rows.Scan(&g.ID, &g.DisplayName, &g.ExternalID, &g.Created, &g.Updated, &g.Members, &mails); err != nil {
			return nil, nil, err
		}
		for i, m := range g.Members {
			emails[m] = mails[i]
		}
		out = append(out, g)
	}
	return out, emails, rows.Err()
}

// save writes g (new when id is empty) and its members, who must be the provider's accounts.
func (h *scimGroups) save(ctx context.Context, tx pgx.Tx, provider string, g *scimGroup) error {
	g.DisplayName = strings.TrimSpace(g.DisplayName)
	if g.DisplayName == "" || len(g.DisplayName) > 200 || len(g.ExternalID) > 200 {
		return invalid("displayName is required and limited to 200 characters, as is externalId.")
	}
	slices.Sort(g.Members)
	g.Members = slices.Compact(g.Members)
	if g.Members == nil {
		g.Members = []string{}
	}
	var known int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM scim_users WHERE provider = $1 AND user_id::text = ANY($2)`, provider, g.Members).Scan(&known); err != nil {
		return err
	}
	if known != len(g.Members) {
		return invalid("Every member must be a user this provider provisioned (value: its id).")
	}
	if g.ID == "" {
		if err := tx.QueryRow(ctx, `INSERT INTO scim_groups (provider, display_name, external_id) VALUES ($1, $2, $3) RETURNING id::text`,
			provider, g.DisplayName, g.ExternalID).Scan(&g.ID); err != nil {
			return err
		}
	} else if _, err := tx.Exec(ctx, `UPDATE scim_groups SET display_name = $2, external_id = $3, updated_at = now() WHERE id = $1`,
		g.ID, g.DisplayName, g.ExternalID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM scim_group_members WHERE group_id = $1 AND NOT (user_id::text = ANY($2))`, g.ID, g.Members); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `INSERT INTO scim_group_members (group_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`, g.ID, g.Members)
	return err
}

// locked reads the provider's group id for update.
func (h *scimGroups) locked(ctx context.Context, tx pgx.Tx, provider, id string) (*scimGroup, error) {
	var found string
	err := tx.QueryRow(ctx, `SELECT id::text FROM scim_groups WHERE provider = $1 AND id::text = $2 FOR UPDATE`, provider, id).Scan(&found)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notFound(id)
	}
	if err != nil {
		return nil, err
	}
	g, _, err := h.one(ctx, tx, provider, id)
	return g, err
}

// load reads the provider's account id (locked for update when lock is set).
func (h *scimUsers) load(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, provider, id string, lock bool) (*scimUser, error) {
	sql := `SELECT ` + scimUserColumns + ` FROM scim_users s JOIN users u ON u.id = s.user_id WHERE s.provider = $1 AND u.id::text = $2`
	if lock {
		sql += ` FOR UPDATE OF u, s`
	}
	u, err := scanSCIMUser(q.QueryRow(ctx, sql, provider, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, notFound(id)
	}
	return u, err
}

// userFilterSQL turns the filters identity providers send to find one account (userName,
// emails.value, externalId or id eq a string) into a condition on the query of GetAll; ok is
// false for any other filter, which GetAll evaluates on each of the provider's accounts.
func userFilterSQL(e filter.Expression) (cond string, arg string, ok bool) {
	if vp, isVP := e.(*filter.ValuePath); isVP && strings.EqualFold(vp.AttributePath.AttributeName, "emails") {
		inner, isAttr := vp.ValueFilter.(*filter.AttributeExpression)
		if !isAttr || !strings.EqualFold(inner.AttributePath.AttributeName, "value") || inner.AttributePath.SubAttribute != nil {
			return "", "", false
		}
		e = &filter.AttributeExpression{AttributePath: filter.AttributePath{AttributeName: "emails", SubAttribute: &inner.AttributePath.AttributeName}, Operator: inner.Operator, CompareValue: inner.CompareValue}
	}
	ae, isAttr := e.(*filter.AttributeExpression)
	if !isAttr || ae.Operator != filter.EQ || ae.AttributePath.URIPrefix != nil {
		return "", "", false
	}
	v, isStr := ae.CompareValue.(string)
	if !isStr {
		return "", "", false
	}
	name, sub := strings.ToLower(ae.AttributePath.AttributeName), strings.ToLower(ae.AttributePath.SubAttributeName())
	switch {
	case name == "username" && sub == "", name == "emails" && (sub == "value" || sub == ""):
		return `lower(u.email) = lower($2)`, v, true
	case name == "externalid" && sub == "":
		return `s.external_id = $2`, v, true
	case name == "id" && sub == "":
		return `u.id::text = $2`, v, true
	}
	return "", "", false
}
