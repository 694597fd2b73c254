package assortments

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/grid"
	"its/core/httpx"
	liverows "its/core/live"
	"its/modules/actions"
)

// Live assortment lists: every list view of the regular assortments follows one topic,
// assortments:all, and a channel's internal list follows <orgType>Assortments:<channel>
// (internalAssortments:Wholesale, its topic served by that module). Every write that changes
// what a list row shows (a create or copy, a delete, a field of the list, the archive state or
// the folder an entry sits in, its products, its modified or scheduled date) publishes the rows
// and the list fields it changed, in the write's transaction. The fields are named from what
// the write itself knows (the entry it loaded before the change and the columns it sets), never
// by reading the list row before and after. Each user's list holds only their own entries, so
// the topic filters each stream's row ids by the list's own rule (ownedIDs): nobody is told the
// id of an assortment that is not on their list.

// ListTopic is the live topic of the lists of the organisation type orgType: assortments:all
// for regular assortments, <orgType>Assortments:<channel> for the others (a channel's list).
func ListTopic(orgType, channel string) string {
	if orgType == OrgRegular {
		return TopicAssortments + ":" + TopicAssortmentsKey
	}
	return orgType + "Assortments:" + channel
}

// listTopic lets a user follow the regular lists exactly when the lists' routes let them
// (assortments.view; otherwise, or for another key, a 404). A stream names only the user's own
// regular assortments (ownedIDs) and only the lists' fields.
func listTopic(s *Service) liverows.Topic {
	served := map[string]bool{}
	for _, c := range listGrid.Columns {
		served[c.Field] = true
	}
	return liverows.Topic{Kind: TopicAssortments, Open: func(ctx context.Context, key string) (liverows.Access, error) {
		if key != TopicAssortmentsKey || !s.allowed(ctx, actions.AssortmentsView, nil) {
			return liverows.Access{}, httpx.NotFound("Topic")
		}
		return liverows.Access{
			Field: func(name string) bool { return served[name] },
			Rows: func(ctx context.Context, ids []string) ([]string, error) {
				valid := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return !httpx.IsUUID(id) })
				if len(valid) == 0 {
					return nil, nil
				}
				return s.store.ownedIDs(ctx, s.db, me(ctx).ID, valid)
			},
		}, nil
	}}
}

// listChange is what one write did to the list rows of one channel's topic: the rows added,
// updated (with the fields changed) and deleted.
type listChange struct {
	channel                 string
	added, updated, deleted []string
	fields                  []string
}

// publishList tells the open lists of c.channel's topic of c, in tx; a change naming no row, or
// rows updated in no field, tells nobody.
func (s *Service) publishList(ctx context.Context, tx pgx.Tx, c listChange) error {
	ev := liverows.Event{Topic: ListTopic(s.orgType(), c.channel), Grid: listGrid.Name, ActorID: me(ctx).ID,
		Added: c.added, Deleted: c.deleted}
	if len(c.fields) > 0 {
		ev.Updated = c.updated
		ev.Fields = slices.Compact(slices.Sorted(slices.Values(c.fields)))
	}
	return liverows.Publish(ctx, tx, ev)
}

// publishUpdated tells a's list that the rows ids changed in fields.
func (s *Service) publishUpdated(ctx context.Context, tx pgx.Tx, a *Assortment, ids []string, fields ...string) error {
	return s.publishList(ctx, tx, listChange{channel: a.Channel, updated: ids, fields: fields})
}

// subtreeIDs are a and, for a folder, everything inside it.
func (s *Service) subtreeIDs(ctx context.Context, tx pgx.Tx, a *Assortment) ([]string, error) {
	if a.Type != "folder" {
		return []string{a.ID}, nil
	}
	tree, err := s.store.subtree(ctx, tx, a.ID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(tree))
	for id := range tree {
		if id != a.ID {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return append([]string{a.ID}, ids...), nil
}

// listBefore is each list field a patch may change, with its value before the patch. The column
// the patch sets is the list grid's own (its Expr a.<column>), except for the Labels column, an
// expression over the labels a patch sets as a whole.
var listBefore = map[string]func(a *Assortment) any{
	"title":    func(a *Assortment) any { return a.Title },
	"subTitle": func(a *Assortment) any { return a.SubTitle },
	"channel":  func(a *Assortment) any { return a.Channel },
	"region":   func(a *Assortment) any { return a.Region },
	"season":   func(a *Assortment) any { return a.Season },
	"year": func(a *Assortment) any {
		if a.Year == nil {
			return nil
		}
		return *a.Year
	},
	"gender":      func(a *Assortment) any { return a.Gender },
	"productType": func(a *Assortment) any { return a.ProductType },
	"locationId":  func(a *Assortment) any { return a.LocationID },
	"starred":     func(a *Assortment) any { return a.Starred },
	"labelText":   func(a *Assortment) any { return labelText(a.Labels) },
}

// patchColumn is the column a patch sets for the list column c ("" when a patch sets none).
func patchColumn(c grid.Column) string {
	if c.Field == "labelText" {
		return "labels"
	}
	if col, ok := strings.CutPrefix(c.Expr, "a."); ok {
		return col
	}
	return ""
}

// labelText is the list's Labels column of labels.
func labelText(labels []Label) string {
	names := make([]string, len(labels))
	for i, l := range labels {
		names[i] = l.Name
	}
	return strings.Join(names, ", ")
}

// patchedListFields are the list fields whose value the columns set changes on a (loaded before
// the change): a field set to the value it had is not named. The modified date always changes.
func patchedListFields(a *Assortment, set map[string]any) []string {
	fields := []string{"modifiedDate"}
	for _, c := range listGrid.Columns {
		before, ok := listBefore[c.Field]
		if !ok {
			continue
		}
		column := patchColumn(c)
		v, ok := set[column]
		if !ok {
			continue
		}
		if column == "labels" {
			var labels []Label
			if s, isString := v.(string); isString && json.Unmarshal([]byte(s), &labels) == nil {
				v = labelText(labels)
			}
		}
		if fmt.Sprint(v) != fmt.Sprint(before(a)) {
			fields = append(fields, c.Field)
		}
	}
	if _, recount := set["product_count"]; recount {
		// A dynamic assortment's new search or location is counted again.
		fields = append(fields, "productCount")
	}
	return fields
}

// publishPatch tells a's list what a patch setting the columns set did to a's row (a loaded
// before it): the fields changed and, when a folder's title changed, the path of everything
// inside it. An entry moved to another channel is told of on both channels' topics.
func (s *Service) publishPatch(ctx context.Context, tx pgx.Tx, a *Assortment, set map[string]any) error {
	fields := patchedListFields(a, set)
	if err := s.publishUpdated(ctx, tx, a, []string{a.ID}, fields...); err != nil {
		return err
	}
	if ch, ok := set["channel"].(string); ok && ch != a.Channel && s.org != nil {
		moved := *a
		moved.Channel = ch
		if err := s.publishUpdated(ctx, tx, &moved, []string{a.ID}, fields...); err != nil {
			return err
		}
	}
	if a.Type == "folder" && slices.Contains(fields, "title") {
		ids, err := s.subtreeIDs(ctx, tx, a)
		if err != nil {
			return err
		}
		return s.publishUpdated(ctx, tx, a, ids[1:], "path")
	}
	return nil
}
