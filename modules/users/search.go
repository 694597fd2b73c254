package users

import (
	"context"
	"strings"

	"its/core/identity"
	"its/modules/actions"
)

// Suggestion is a user the autocomplete offers.
type Suggestion struct {
	ID       string `json:"id"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	UserCode string `json:"userCode"`
}

// autocompleteLimit is the spec's autocomplete limit; candidates are read a page at a time
// until that many pass the policy, and no further than searchPages pages.
const (
	autocompleteLimit = 10
	searchPage        = 50
	searchPages       = 20
)

// Autocomplete finds active users other than the caller by name, e-mail or user code, keeping
// those the policy allows actions.UsersAutocomplete (e.g. the users of the screen that copies to a
// colleague); at most 10, in name order.
func (s *Service) Autocomplete(ctx context.Context, text string) ([]Suggestion, error) {
	out := []Suggestion{}
	text = strings.TrimSpace(text)
	if text == "" {
		return out, nil
	}
	me := identity.FromContext(ctx)
	for page := 0; page < searchPages && len(out) < autocompleteLimit; page++ {
		found, err := s.store.searchActive(ctx, text, me.ID, page*searchPage, searchPage)
		if err != nil {
			return nil, err
		}
		for _, u := range found {
			ok, err := s.authz.Allowed(ctx, u, actions.UsersAutocomplete, nil)
			if err != nil {
				return nil, err
			}
			if ok && len(out) < autocompleteLimit {
				out = append(out, Suggestion{ID: u.ID, FullName: u.FullName, Email: u.Email, UserCode: u.UserCode})
			}
		}
		if len(found) < searchPage {
			break
		}
	}
	return out, nil
}
