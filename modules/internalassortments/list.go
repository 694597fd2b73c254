package internalassortments

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	sq "github.com/Masterminds/squirrel"

	"its/core/authz"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	"its/core/live"
	"its/modules/actions"
	"its/modules/assortments"
)

// The internal list read by scrolling (docs/grid.md §3.8, §3.9): a channel's internal
// assortments the caller may see, the same entries as the table of contents, as the grid
// protocol over assortments.ListGrid(). The policy narrows by channel, region and product type,
// so the caller's part is a condition on those columns, asked once per pair the channel holds.

// listScope is the condition of a channel's entries the caller may see; a bad channel is a 400.
func (s *Service) listScope(ctx context.Context, channel string) (sq.Sqlizer, string, error) {
	var bad []httpx.FieldError
	channel = canonical(channel, Channels)
	if oneOf("channel", channel, Channels, &bad); len(bad) > 0 {
		return nil, "", httpx.Invalid(bad...)
	}
	base := sq.Eq{"a.org_type": OrgType, "a.type": "item", "a.channel": channel}
	pairs, err := s.store.scopes(ctx, channel)
	if err != nil {
		return nil, "", err
	}
	checks := make([]authz.Check, len(pairs))
	for i, p := range pairs {
		checks[i] = authz.Check{Action: actions.InternalAssortmentsView, Resource: Resource(channel, p.region, p.productType)}
	}
	ok, err := s.authz.AllowedMany(ctx, identity.FromContext(ctx), checks)
	if err != nil {
		return nil, "", err
	}
	seen := sq.Or{}
	for i, p := range pairs {
		if ok[i] {
			seen = append(seen, sq.Eq{"a.region": p.region, "a.product_type": p.productType})
		}
	}
	if len(seen) == 0 {
		return sq.Expr("FALSE"), channel, nil
	}
	return sq.And{base, seen}, channel, nil
}

// Query answers one block of a channel's list (grid query protocol: filters, where, sort,
// limit, cursor, skip) with the exact total. The page sends its own order (newest year first,
// its schema's defaultSort) when the user sorted nothing.
func (s *Service) Query(ctx context.Context, channel string, q grid.Query) (*grid.Page, error) {
	scope, _, err := s.listScope(ctx, channel)
	if err != nil {
		return nil, err
	}
	return assortments.ListGrid().Page(ctx, s.db, q, scope)
}

// Groups answers the groups of a channel's list by one column (the list grouped by gender and
// read by scrolling).
func (s *Service) Groups(ctx context.Context, channel string, req grid.GroupsRequest) (*grid.Groups, error) {
	scope, _, err := s.listScope(ctx, channel)
	if err != nil {
		return nil, err
	}
	return assortments.ListGrid().Groups(ctx, s.db, req, scope)
}

// Summary answers the footer figures of a channel's list.
func (s *Service) Summary(ctx context.Context, channel string, req grid.SummaryRequest) (*grid.Summary, error) {
	scope, _, err := s.listScope(ctx, channel)
	if err != nil {
		return nil, err
	}
	return assortments.ListGrid().Summary(ctx, s.db, req, scope)
}

// Export writes a channel's internal assortments the caller may see, as the list shows them,
// to an .xlsx or .csv download.
func (s *Service) Export(ctx context.Context, w http.ResponseWriter, channel string, req grid.ExportRequest) error {
	scope, channel, err := s.listScope(ctx, channel)
	if err != nil {
		return err
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("InternalAssortments_%s_%s", channel, time.Now().Format("2006-01-02")), req.Format)
	return assortments.ListGrid().Export(ctx, w, s.db, req, scope, name)
}

// listTopic lets a user follow a channel's internal list exactly when the list's route lets them
// (internalAssortments.view on the channel; otherwise, or for another key, a 404). A stream
// names only the entries the user's list of the channel holds (readableIDs: the same scope as
// the list's read, by channel, region and product type) and only the list's fields.
func listTopic(s *Service) live.Topic {
	served := map[string]bool{}
	for _, c := range assortments.ListGrid().Columns {
		served[c.Field] = true
	}
	gate := live.ActionTopic(TopicInternalAssortments, "Topic", s.authz, live.Keyed(actions.InternalAssortmentsView, "channel", Channels...))
	return live.Topic{Kind: TopicInternalAssortments, Open: func(ctx context.Context, channel string) (live.Access, error) {
		if _, err := gate.Open(ctx, channel); err != nil {
			return live.Access{}, err
		}
		return live.Access{
			Field: func(name string) bool { return served[name] },
			Rows: func(ctx context.Context, ids []string) ([]string, error) {
				return s.readableIDs(ctx, channel, ids)
			},
		}, nil
	}}
}

// readableIDs answers which of ids are entries of channel's list as the user of ctx reads it.
func (s *Service) readableIDs(ctx context.Context, channel string, ids []string) ([]string, error) {
	valid := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !httpx.IsUUID(id) })
	if len(valid) == 0 {
		return nil, nil
	}
	scope, _, err := s.listScope(ctx, channel)
	if err != nil {
		return nil, err
	}
	var out []string
	for chunk := range slices.Chunk(valid, assortments.MaxListPage) {
		page, err := assortments.ListGrid().Page(ctx, s.db, grid.Query{IDs: chunk, Limit: len(chunk)}, scope)
		if err != nil {
			return nil, err
		}
		for _, r := range page.Rows {
			out = append(out, r.ID())
		}
	}
	return out, nil
}
