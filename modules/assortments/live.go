package assortments

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"its/core/comments"
	"its/core/grid"
	liverows "its/core/live"
	"its/modules/actions"
)

// topicKind names the live topic of an assortment of orgType: assortment:<id> for regular ones,
// <orgType>Assortment:<id> for the others (internalAssortment:<id>).
func topicKind(orgType string) string {
	if orgType == OrgRegular {
		return TopicAssortment
	}
	return orgType + "Assortment"
}

// liveTopic lets a user follow an assortment's rows exactly when they may read them: the
// route's assortments.view (or the organisation type's rules) and the assortment visible to them (an assortment they may not read
// is a 404, like a missing one). They are told only of the detail grid's fields they are served
// and of its Comments column (a row's comments, which they may read: comments.Live).
func liveTopic(s *Service) liverows.Topic {
	return liverows.Topic{Kind: topicKind(s.orgType()), Open: func(ctx context.Context, id string) (liverows.Access, error) {
		// Another organisation type's rules say who may see its assortments (in load).
		if s.org == nil && !s.allowed(ctx, actions.AssortmentsView, nil) {
			return liverows.Access{}, notFound()
		}
		a, err := s.load(ctx, s.db, id, false)
		if err != nil {
			return liverows.Access{}, err
		}
		served := map[string]bool{comments.Field: true}
		for _, c := range detailSchema().Columns {
			served[c.Field] = true
		}
		if s.org != nil {
			for _, f := range s.org.Hidden(a) {
				delete(served, f)
			}
		}
		return liverows.Access{Field: func(name string) bool { return served[name] }}, nil
	}}
}

// publishBatch tells the assortment's open grids which rows the batch added, changed and
// deleted and which fields it wrote: one event per batch, in its transaction.
func (s *Service) publishBatch(ctx context.Context, tx pgx.Tx, p *batchPlan) error {
	ev := liverows.Event{Topic: topicKind(s.orgType()) + ":" + p.a.ID, Grid: rowGrid.Name, ActorID: me(ctx).ID, Deleted: p.res.DeletedIDs}
	added := map[string]bool{}
	fields := map[string]bool{}
	if p.rows != nil {
		for _, c := range p.rows.Changes {
			switch c.Op {
			case grid.OpAdd:
				id := c.Row.ID()
				added[id] = true
				ev.Added = append(ev.Added, id)
			case grid.OpUpdate:
				// A style-wide field's rows are in changed, its name here.
				for f := range c.Values {
					fields[f] = true
				}
			}
		}
	}
	if len(p.req.SortProducts) > 0 {
		fields["sort"] = true
	}
	if len(p.renames) > 0 {
		fields["style"], fields["color"] = true, true
	}
	for id := range p.changed {
		if !added[id] {
			ev.Updated = append(ev.Updated, id)
		}
	}
	slices.Sort(ev.Updated)
	for f := range fields {
		ev.Fields = append(ev.Fields, f)
	}
	slices.Sort(ev.Fields)
	return liverows.Publish(ctx, tx, ev)
}

// publishReload tells a dynamic assortment's open grids to read their rows again: its rows are
// its filters' answer from the catalog, so a change of its filters or of its settings (location,
// grid sort, labels) changes rows no event could name. A static assortment's rows are told by
// its batches (publishBatch).
func (s *Service) publishReload(ctx context.Context, tx pgx.Tx, a *Assortment) error {
	if a.Method != "dynamic" {
		return nil
	}
	return liverows.Publish(ctx, tx, liverows.ReloadEvent(topicKind(s.orgType())+":"+a.ID, rowGrid.Name, me(ctx).ID))
}
