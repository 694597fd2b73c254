package assortments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/comments"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/products"
)

// PatchRequest changes an assortment's properties; absent fields stay as they are.
type PatchRequest struct {
	Version            *int64          `json:"version"`
	Title              *string         `json:"title"`
	SubTitle           *string         `json:"subTitle"`
	Logo               *string         `json:"logo"`
	Thumbnail          *string         `json:"thumbnail"`
	Channel            *string         `json:"channel"`
	Region             *string         `json:"region"`
	Season             *string         `json:"season"`
	Year               *int            `json:"year"`
	Gender             *string         `json:"gender"`
	ProductType        *string         `json:"productType"`
	LocationID         *string         `json:"locationId"`
	Status             *string         `json:"status"`
	State              *string         `json:"state"`
	Starred            *bool           `json:"starred"`
	Labels             *[]Label        `json:"labels"`
	ParentID           *string         `json:"parentId"`
	Query              *products.Query `json:"query"`
	GridSort           *[]GridSort     `json:"gridSort"`
	CollectionsQueryID *string         `json:"collectionsQueryId"`
	Titles             json.RawMessage `json:"titles"`
	CustomContent      json.RawMessage `json:"customContent"`
	UISettings         json.RawMessage `json:"uiSettings"`
	CarryoverDate      *products.Date  `json:"carryoverDate"`
}

// Patch changes a's properties in the caller's transaction and answers the messages to show.
func (s *Service) patch(ctx context.Context, tx pgx.Tx, a *Assortment, req PatchRequest) ([]string, error) {
	var bad []httpx.FieldError
	var msgs []string
	if req.Version != nil && *req.Version != a.Version {
		return nil, httpx.Conflict(MsgRowsChanged, map[string]any{"errorType": "userLock", "reason": "stale", "version": *req.Version, "currentVersion": a.Version})
	}
	set, newChannel := patchedFields(a, req, &bad)
	var labels []Label
	if req.Labels != nil {
		labels = checkLabels(*req.Labels, &bad)
		b, _ := json.Marshal(labels)
		set["labels"] = string(b)
	}
	if req.LocationID != nil {
		loc := strings.ToUpper(strings.TrimSpace(*req.LocationID))
		dec, ok, err := s.store.decimalsFor(ctx, tx, loc)
		if err != nil {
			return nil, err
		}
		if !ok {
			bad = append(bad, httpx.FieldError{Field: "locationId", Rule: "exists", Message: fmt.Sprintf("Unknown location %q", loc)})
		}
		set["location_id"], set["decimals_places"] = loc, dec
		if a.Method == "dynamic" {
			set["product_count"] = nil // counted again below
		}
	}
	qmsgs, err := patchedQuery(a, req, set, &bad)
	if err != nil {
		return nil, err
	}
	msgs = append(msgs, qmsgs...)
	if req.State != nil {
		st := oneOf("state", *req.State, States, &bad)
		if len(bad) == 0 && st != a.State {
			if err := s.setState(ctx, tx, a, st); err != nil {
				return nil, err
			}
		}
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	if newChannel != a.Channel && s.org == nil { // another organisation type checks the result (checkOrg)
		// Moving an assortment to another channel needs edit rights on both.
		if err := registry.Require(ctx, s.authz, actions.AssortmentsEdit, map[string]any{"channel": newChannel}); err != nil {
			return nil, err
		}
	}
	if req.ParentID != nil {
		if err := s.move(ctx, tx, a, *req.ParentID); err != nil {
			return nil, err
		}
	}
	if err := s.store.update(ctx, tx, a.ID, set); err != nil {
		return nil, err
	}
	if req.Labels != nil {
		// Rows keep only labels the assortment still offers.
		names := make([]string, len(labels))
		for i, l := range labels {
			names[i] = l.Name
		}
		if err := s.store.keepLabels(ctx, tx, a.ID, names); err != nil {
			return nil, err
		}
	}
	if err := s.refreshCounts(ctx, tx, countScope{id: a.ID}); err != nil {
		return nil, err
	}
	if err := s.store.touch(ctx, tx, a.ID, 0); err != nil {
		return nil, err
	}
	if err := s.publishReload(ctx, tx, a); err != nil {
		return nil, err
	}
	return msgs, s.publishPatch(ctx, tx, a, set)
}

// patchedFields checks the plain fields of a change and answers their columns' new values and
// the assortment's channel after it.
func patchedFields(a *Assortment, req PatchRequest, bad *[]httpx.FieldError) (map[string]any, string) {
	set := map[string]any{}
	str := func(field, col string, v *string) {
		if v != nil {
			set[col] = strings.TrimSpace(*v)
		}
	}
	if req.Title != nil {
		set["title"] = checkTitle(*req.Title, bad)
	}
	str("subTitle", "sub_title", req.SubTitle)
	str("logo", "logo", req.Logo)
	str("thumbnail", "thumbnail", req.Thumbnail)
	str("gender", "gender", req.Gender)
	str("status", "status", req.Status)
	str("collectionsQueryId", "collections_query_id", req.CollectionsQueryID)
	if req.Season != nil {
		set["season"] = strings.ToUpper(strings.TrimSpace(*req.Season))
	}
	if req.Year != nil {
		if *req.Year < 2000 || *req.Year > 2100 {
			*bad = append(*bad, httpx.FieldError{Field: "year", Rule: "range", Message: "year must be between 2000 and 2100"})
		}
		set["year"] = *req.Year
	}
	newChannel := a.Channel
	if req.Channel != nil {
		newChannel = oneOf("channel", *req.Channel, Channels, bad)
		set["channel"] = newChannel
	}
	if req.Region != nil {
		set["region"] = oneOf("region", *req.Region, Regions, bad)
	}
	if req.ProductType != nil {
		set["product_type"] = oneOf("productType", *req.ProductType, ProductTypes, bad)
	}
	if req.Starred != nil {
		set["starred"] = *req.Starred
	}
	if req.CarryoverDate != nil {
		set["carryover_date"] = req.CarryoverDate.Time
	}
	checkUISettings(req.UISettings, bad)
	for col, raw := range map[string]json.RawMessage{"titles": req.Titles, "custom_content": req.CustomContent, "ui_settings": req.UISettings} {
		if len(raw) > 0 {
			set[col] = string(raw)
		}
	}
	return set, newChannel
}

// patchedQuery sets a dynamic assortment's new filters and grid sort (a static one keeps none)
// and answers the messages that say what the new filters changed.
func patchedQuery(a *Assortment, req PatchRequest, set map[string]any, bad *[]httpx.FieldError) ([]string, error) {
	var msgs []string
	if (req.Query != nil || req.GridSort != nil) && a.Method != "dynamic" {
		*bad = append(*bad, httpx.FieldError{Field: "query", Rule: "static", Message: "Only a dynamic assortment keeps filters"})
	} else if req.Query != nil || req.GridSort != nil {
		next := a.Query
		if req.Query != nil {
			next = checkQuery(req.Query, bad)
			if next != nil && req.Query.Sort == nil && a.Query != nil {
				next.Sort = a.Query.Sort
			}
		}
		if next != nil && req.GridSort != nil {
			c := *next
			c.Sort = nil
			for _, gs := range *req.GridSort {
				c.Sort = append(c.Sort, products.MapSort(gs.Field, strings.EqualFold(gs.Dir, "desc")))
			}
			if err := c.Normalize(); err != nil {
				return nil, err
			}
			next = &c
		}
		if next != nil {
			b, _ := json.Marshal(next)
			set["query"] = string(b)
			set["product_count"] = nil // counted again below
			msgs = append(msgs, filterMessages(a.Query, next)...)
		}
	}
	return msgs, nil
}

// filterMessages are the spec's answers to a changed dynamic search: 'N Filter added and
// assortment updated' and 'N Filter removed and assortment updated'.
func filterMessages(prev, next *products.Query) []string {
	pairs := func(q *products.Query) map[string]bool {
		m := map[string]bool{}
		if q == nil {
			return m
		}
		for _, w := range strings.Fields(strings.ToLower(q.Text)) {
			m["text="+w] = true
		}
		for k, vs := range q.Conditions {
			for _, v := range vs {
				m[k+"="+fmt.Sprint(v)] = true
			}
		}
		return m
	}
	before, after := pairs(prev), pairs(next)
	added, removed := 0, 0
	for k := range after {
		if !before[k] {
			added++
		}
	}
	for k := range before {
		if !after[k] {
			removed++
		}
	}
	var out []string
	word := func(n int) string {
		if n == 1 {
			return "1 Filter"
		}
		return fmt.Sprintf("%d Filters", n)
	}
	if added > 0 {
		out = append(out, word(added)+" added and assortment updated")
	}
	if removed > 0 {
		out = append(out, word(removed)+" removed and assortment updated")
	}
	return out
}

// Patch changes an assortment's properties.
func (s *Service) Patch(ctx context.Context, id string, req PatchRequest) (*Assortment, []string, error) {
	var msgs []string
	var out *Assortment
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		if s.org != nil && req.ParentID != nil {
			return httpx.Invalid(httpx.FieldError{Field: "parentId", Rule: "folder", Message: "This assortment is not kept in folders"})
		}
		if s.org != nil && s.org.State() != "" && req.State != nil {
			forced := s.org.State()
			req.State = &forced
		}
		if err := s.checkImages(ctx, a.ID, &req); err != nil {
			return err
		}
		msgs, err = s.patch(ctx, tx, a, req)
		if err != nil {
			return err
		}
		if err := s.checkOrg(ctx, tx, a.ID); err != nil {
			return err
		}
		out, err = s.store.get(ctx, tx, a.ID, false)
		if err != nil {
			return err
		}
		if err := s.signImages(ctx, out); err != nil {
			return err
		}
		return nil
	})
	return out, msgs, err
}

// guardSubtree checks a write that reaches a folder's whole content: edit rights on every
// channel in it and no entry locked by someone else.
func (s *Service) guardSubtree(ctx context.Context, tx pgx.Tx, a *Assortment) error {
	if a.Type != "folder" {
		return nil
	}
	tree, err := s.store.subtree(ctx, tx, a.ID)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, ch := range tree {
		if !seen[ch] {
			seen[ch] = true
			if err := registry.Require(ctx, s.authz, actions.AssortmentsEdit, map[string]any{"channel": ch}); err != nil {
				return err
			}
		}
	}
	l, err := s.store.othersLockInSubtree(ctx, tx, a.ID, me(ctx).ID)
	if err != nil || l == nil {
		return err
	}
	return lockedError(l)
}

// setState archives or restores an entry; a folder takes its whole content along (spec §4.1).
// An entry restored out of an archived folder goes to the root.
func (s *Service) setState(ctx context.Context, tx pgx.Tx, a *Assortment, state string) error {
	if err := s.guardSubtree(ctx, tx, a); err != nil {
		return err
	}
	if err := s.store.setSubtreeState(ctx, tx, a.ID, state); err != nil {
		return err
	}
	// The entries leave one view for another: the lists read them again.
	fields := []string{"modifiedDate"}
	if state != "archived" && a.ParentID() != "" {
		parentState, err := s.store.stateOf(ctx, tx, a.ParentID())
		if err != nil {
			return err
		}
		if parentState == "archived" {
			if err := s.reparent(ctx, tx, a, []string{}); err != nil {
				return err
			}
			fields = append(fields, "path")
		}
	}
	ids, err := s.subtreeIDs(ctx, tx, a)
	if err != nil {
		return err
	}
	return s.publishUpdated(ctx, tx, a, ids, fields...)
}

// reparent gives an entry (and its content) a new ancestor path.
func (s *Service) reparent(ctx context.Context, tx pgx.Tx, a *Assortment, prefix []string) error {
	return s.store.reparent(ctx, tx, a.ID, prefix)
}

// move puts an entry into folder parentID ("" for the root).
func (s *Service) move(ctx context.Context, tx pgx.Tx, a *Assortment, parentID string) error {
	if parentID == a.ParentID() {
		return nil
	}
	prefix := []string{}
	if parentID != "" {
		if parentID == a.ID {
			return httpx.Invalid(httpx.FieldError{Field: "parentId", Rule: "cycle", Message: "A folder cannot go into itself"})
		}
		p, err := s.parentFolder(ctx, tx, parentID)
		if err != nil {
			return err
		}
		for _, anc := range p.Hierarchy {
			if anc == a.ID {
				return httpx.Invalid(httpx.FieldError{Field: "parentId", Rule: "cycle", Message: "A folder cannot go into its own subfolder"})
			}
		}
		prefix = append(append(prefix, p.Hierarchy...), p.ID)
	}
	if err := s.guardSubtree(ctx, tx, a); err != nil {
		return err
	}
	if err := s.reparent(ctx, tx, a, prefix); err != nil {
		return err
	}
	ids, err := s.subtreeIDs(ctx, tx, a)
	if err != nil {
		return err
	}
	return s.publishUpdated(ctx, tx, a, ids, "path", "modifiedDate")
}

// Archive archives (or restores) several entries at once.
func (s *Service) Archive(ctx context.Context, ids []string, archived bool) (int, error) {
	if len(ids) == 0 {
		return 0, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "required", Message: "Select at least one assortment"})
	}
	state := "published"
	if archived {
		state = "archived"
	}
	var n int
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		n = 0
		for _, id := range ids {
			a, err := s.editable(ctx, tx, id)
			if err != nil {
				return err
			}
			if a.State == state {
				continue
			}
			if err := s.setState(ctx, tx, a, state); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// Delete removes an entry; a folder goes with its content.
func (s *Service) Delete(ctx context.Context, id string) (int, error) {
	var n int
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.guardSubtree(ctx, tx, a); err != nil {
			return err
		}
		gone, err := s.store.deleteSubtree(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		n = len(gone)
		if err := s.publishList(ctx, tx, listChange{channel: a.Channel, deleted: gone}); err != nil {
			return err
		}
		// The rows' comment threads go with the assortments.
		return comments.Forget(ctx, tx, CommentScope, gone)
	})
	return n, err
}

// CloneRequest duplicates entries for the caller, or copies them to another user.
type CloneRequest struct {
	IDs    []string `json:"ids"`
	UserID string   `json:"userId"`
	Title  string   `json:"title"`
}

// CloneResult names the copies.
type CloneResult struct {
	IDs      []string `json:"ids"`
	CopiedTo *Owner   `json:"copiedTo"`
}

// Clone copies entries (folders with their content) with their rows. Copies for oneself sit
// beside the original with "(Copy)" in the title; copies for another user go to their root.
func (s *Service) Clone(ctx context.Context, req CloneRequest) (*CloneResult, error) {
	if len(req.IDs) == 0 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "required", Message: "Select at least one assortment"})
	}
	if len(req.IDs) > 100 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "max", Message: "At most 100 assortments at once"})
	}
	caller := me(ctx)
	owner := caller.ID
	res := &CloneResult{IDs: []string{}}
	if req.UserID != "" && req.UserID != caller.ID {
		target, err := s.users.ByID(ctx, req.UserID)
		if errors.Is(err, identity.ErrNotFound) || (err == nil && target.Status != "active") || (err != nil && !httpx.IsUUID(req.UserID)) {
			return nil, httpx.Invalid(httpx.FieldError{Field: "userId", Rule: "exists", Message: "No such user"})
		}
		if err != nil {
			return nil, err
		}
		ok, err := s.authz.Allowed(ctx, target, actions.AssortmentsView, nil)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, httpx.Invalid(httpx.FieldError{Field: "userId", Rule: "permission", Message: fmt.Sprintf("%s cannot use the assortment manager", target.FullName)})
		}
		owner = target.ID
		res.CopiedTo = &Owner{ID: target.ID, FullName: target.FullName, Email: target.Email}
	}
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		for _, id := range req.IDs {
			a, err := s.load(ctx, tx, id, false)
			if err != nil {
				return err
			}
			if err := s.mayEdit(ctx, a); err != nil {
				return err
			}
			if err := s.guardSubtreeRights(ctx, tx, a); err != nil {
				return err
			}
			prefix := []string{}
			title := a.Title
			if owner == caller.ID {
				title = a.Title + " (Copy)"
				if a.ParentID() != "" {
					if p, err := s.store.get(ctx, tx, a.ParentID(), false); err == nil && p.State != "archived" && p.Owner.ID == owner {
						prefix = a.Hierarchy
					}
				}
			}
			if req.Title != "" && len(req.IDs) == 1 {
				var bad []httpx.FieldError
				title = checkTitle(req.Title, &bad)
				if len(bad) > 0 {
					return httpx.Invalid(bad...)
				}
			}
			newID, err := s.copyTree(ctx, tx, a, owner, prefix, title)
			if err != nil {
				return err
			}
			res.IDs = append(res.IDs, newID)
		}
		return nil
	})
	return res, err
}

// guardSubtreeRights checks edit rights on every channel of a folder's content.
func (s *Service) guardSubtreeRights(ctx context.Context, tx pgx.Tx, a *Assortment) error {
	if a.Type != "folder" {
		return nil
	}
	tree, err := s.store.subtree(ctx, tx, a.ID)
	if err != nil {
		return err
	}
	for _, ch := range tree {
		if err := registry.Require(ctx, s.authz, actions.AssortmentsEdit, map[string]any{"channel": ch}); err != nil {
			return err
		}
	}
	return nil
}

// copyTree copies a (and its content) for owner under prefix; the top copy gets title.
func (s *Service) copyTree(ctx context.Context, tx pgx.Tx, a *Assortment, owner string, prefix []string, title string) (string, error) {
	entries, err := s.store.subtreeEntries(ctx, tx, a.ID)
	if err != nil {
		return "", err
	}
	ids := map[string]string{}
	top := ""
	depth := len(a.Hierarchy)
	for _, e := range entries {
		n := newAssortment{OwnerID: owner, Assortment: e}
		n.Starred, n.ScheduledDate = false, nil
		if e.ID == a.ID {
			n.Title = title
		}
		h := append([]string{}, prefix...)
		for _, anc := range e.Hierarchy[depth:] {
			h = append(h, ids[anc])
		}
		n.Hierarchy = h
		newID, err := s.store.insert(ctx, tx, n)
		if err != nil {
			return "", err
		}
		ids[e.ID] = newID
		if e.ID == a.ID {
			top = newID
		}
		if err := s.store.copyRows(ctx, tx, e.ID, newID); err != nil {
			return "", err
		}
	}
	added := make([]string, 0, len(ids))
	for _, e := range entries {
		added = append(added, ids[e.ID])
	}
	return top, s.publishList(ctx, tx, listChange{channel: a.Channel, added: added})
}

// Merge adds the products of other assortments to a static one; rows already there are kept.
func (s *Service) Merge(ctx context.Context, id string, sources []string) (int, error) {
	if len(sources) == 0 {
		return 0, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "required", Message: "Choose the assortments to merge"})
	}
	var n int
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.editable(ctx, tx, id)
		if err != nil {
			return err
		}
		if a.Type == "folder" {
			return httpx.Invalid(httpx.FieldError{Field: "id", Rule: "folder", Message: MsgFoldersNoRows})
		}
		if a.Method == "dynamic" {
			return httpx.Invalid(httpx.FieldError{Field: "id", Rule: "dynamic", Message: MsgDynamicRows})
		}
		have := map[string]bool{}
		ids, err := s.store.productIDs(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		for _, pid := range ids {
			have[pid] = true
		}
		var pairs []products.Pair
		for _, sid := range sources {
			if sid == a.ID {
				continue
			}
			src, err := s.load(ctx, tx, sid, false)
			if err != nil {
				return err
			}
			var list []Row
			if src.Method == "dynamic" {
				_, list, err = s.dynamicRows(ctx, tx, src, RowsRequest{Limit: products.MaxLimit})
			} else if src.Type == "item" {
				list, err = s.store.readStatic(ctx, tx, src, nil, rowContext{})
			}
			if err != nil {
				return err
			}
			for _, r := range list {
				pid := products.ID(r.Style, r.Color)
				if !have[pid] {
					have[pid] = true
					pairs = append(pairs, products.Pair{Style: r.Style, Color: r.Color})
				}
			}
		}
		n = 0
		if len(pairs) > 0 {
			if n, err = s.addRows(ctx, tx, a, pairs, "merge"); err != nil {
				return err
			}
		}
		return nil
	})
	return n, err
}

// LockAnswer is the state of an edit lock after a request or release.
type LockAnswer struct {
	Locked bool  `json:"locked"`
	Lock   *Lock `json:"lock"`
}

// EditLock requests or releases the edit lock of an assortment. A request renews the caller's
// own lock; a lock held by someone else answers 409 naming them. Releasing ends the editing
// session: rows added in it can no longer be renamed.
func (s *Service) EditLock(ctx context.Context, id, action string) (*LockAnswer, error) {
	if action != "request" && action != "release" {
		return nil, httpx.NotFound("Lock action")
	}
	var ans *LockAnswer
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.load(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := s.mayEdit(ctx, a); err != nil {
			return err
		}
		uid := me(ctx).ID
		if action == "release" {
			if err := s.store.releaseLock(ctx, tx, a.ID, uid); err != nil {
				return err
			}
			l, err := s.store.lockOf(ctx, tx, a.ID, uid)
			if err != nil {
				return err
			}
			ans = &LockAnswer{Locked: l != nil, Lock: l}
			return nil
		}
		took, err := s.store.takeLock(ctx, tx, a.ID, uid, s.lockTTL)
		if err != nil {
			return err
		}
		l, err := s.store.lockOf(ctx, tx, a.ID, uid)
		if err != nil {
			return err
		}
		if !took && l != nil && !l.Mine {
			return lockedError(l)
		}
		ans = &LockAnswer{Locked: true, Lock: l}
		return nil
	})
	return ans, err
}
