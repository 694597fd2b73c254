package assortments

import (
	"context"

	"its/core/comments"
	"its/core/identity"
	"its/modules/actions"
)

// CommentScope names the detail grid's comment threads (core/comments): a thread is an
// assortment's product row.
const CommentScope = "assortments.rows"

// commentPolicy lets who may read an assortment's rows read and write their comments: a
// viewer may comment as in a spreadsheet, edit rights are not needed.
type commentPolicy struct{ svc *Service }

// Readable answers the assortment's title and page when u may read its rows; otherwise the 404
// of a missing assortment.
func (p commentPolicy) Readable(ctx context.Context, u *identity.User, id string) (comments.Target, error) {
	a, err := p.svc.store.get(ctx, p.svc.db, id, false)
	if err != nil {
		return comments.Target{}, notFoundUnless(err)
	}
	if !p.svc.commentReader(ctx, u, a) {
		return comments.Target{}, notFound()
	}
	return comments.Target{Title: a.Title, Link: "/product/assortments/assortment/" + a.ID + "/manage"}, nil
}

// LiveGrid is the assortment's live topic and detail grid: a change of a row's open comments is
// told there (comments.Live), so every open page's Comments column follows.
func (p commentPolicy) LiveGrid(id string) (string, string) {
	return topicKind(p.svc.orgType()) + ":" + id, rowGrid.Name
}

// commentReader is visible for any user u, not only the caller: u holds assortments.view and
// the assortment is theirs, or they manage every user's (or the organisation type's rule).
func (s *Service) commentReader(ctx context.Context, u *identity.User, a *Assortment) bool {
	if a.OrgType != s.orgType() {
		return false
	}
	if s.org != nil {
		return s.org.Visible(ctx, u, a)
	}
	if ok, err := s.authz.Allowed(ctx, u, actions.AssortmentsView, nil); err != nil || !ok {
		return false
	}
	if a.Owner.ID == u.ID {
		return true
	}
	ok, err := s.authz.Allowed(ctx, u, actions.AssortmentsManage, nil)
	return err == nil && ok
}

// notFoundUnless answers a missing assortment's 404, or err when it is another failure.
func notFoundUnless(err error) error {
	if err == errNotFound {
		return notFound()
	}
	return err
}
