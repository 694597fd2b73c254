package assortments

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"its/core/httpx"
	"its/modules/products"
)

// Group sort (spec §3.2 display group, §4.1, §5.7): the styles of a static assortment in display
// groups, in the order the sort page, the showroom and the documents show them. This file is
// the rules, in memory and without SQL: a GroupSort is loaded by the store, changed by the
// request's batches and written back as each row's group and sort position.

// GroupByFields are the group-by choices, in the order the page offers them.
var GroupByFields = []string{GroupByGender, GroupByDivision, GroupByDivisionGroup, GroupByPillar, GroupByOutsole, GroupByUpper, GroupByStyle, GroupByNone}

// SortFields are the auto-sort keys: the group-by fields and the numeric style.
var SortFields = []string{SortStyleNumeric, GroupByStyle, GroupByGender, GroupByDivision, GroupByDivisionGroup, GroupByPillar, GroupByOutsole, GroupByUpper}

// UncategorizedID is the group of styles in no other group: locked, always open and last. It is
// not stored; a row without a group (or with one that is gone) is in it.
const UncategorizedID = "uncategorized"

// MaxSortKeys is how many keys an auto-sort takes.
const MaxSortKeys = 3

// Group sort batch types (PATCH /api/{orgType}/groupsort/batch/{id}).
const (
	BatchGroupBy            = "groupBy"
	BatchMoveDisplayGroup   = "moveDisplayGroup"
	BatchMoveStyle          = "moveStyle"
	BatchMoveColor          = "moveColor"
	BatchSortStyles         = "sortStyles"
	BatchUpdateDisplayGroup = "updateDisplayGroup"
)

// GroupColor is one colour (row) of a style in a display group.
type GroupColor struct {
	ID               string `json:"id"`
	Color            string `json:"color"`
	ColorDescription string `json:"colorDescription"`
	Thumbnail        string `json:"thumbnail,omitempty"`
	sort             int
	group            string // the row's stored group ("" for none)
}

// GroupStyle is a style in a display group with its colours in order.
type GroupStyle struct {
	Style        string        `json:"style"`
	Name         string        `json:"name"`
	ProductType  string        `json:"productType"`
	StyleNumeric int64         `json:"styleNumeric"`
	OrigIndex    int           `json:"origIndex"`
	Gender       string        `json:"gender"`
	Division     string        `json:"division"`
	Pillar       string        `json:"pillar"`
	Outsole      string        `json:"outsole"`
	Upper        string        `json:"upper"`
	Colors       []*GroupColor `json:"colors"`
}

// DisplayGroup is a group of styles (spec §3.2).
type DisplayGroup struct {
	ID            string `json:"id"`
	Index         int    `json:"index"`
	Key           string `json:"key"`
	Title         string `json:"title"`
	OpenState     bool   `json:"openState"`
	AlwaysOpen    bool   `json:"alwaysOpen"`
	Locked        bool   `json:"locked"`
	Uncategorized bool   `json:"uncategorized"`
	// CustomContent is the group's html, preview image and source file (groupcontent.go).
	CustomContent  *CustomContent `json:"customContent,omitempty"`
	Styles         []*GroupStyle  `json:"styles"`
	stored         *storedGroup   // as read, nil for a new group and Uncategorized
	contentChanged bool
}

// GroupSort is the group sort state of an assortment (spec §3.2 "Group sort state").
type GroupSort struct {
	AssortmentID string          `json:"assortmentId"`
	GroupBy      string          `json:"groupBy"`
	Version      int64           `json:"version"`
	Groups       []*DisplayGroup `json:"groups"`
	// regrouped: the groups were rebuilt (a groupBy batch), so the stored ones are replaced.
	regrouped bool
}

// storedGroup is a display group as stored.
type storedGroup struct {
	ID, Key, Title                string
	Sort                          int
	OpenState, AlwaysOpen, Locked bool
	Content                       *CustomContent
}

// sortRow is one assortment row as the group sort reads it, in the assortment's order.
type sortRow struct {
	ID, Style, Color, ColorDescription, Thumbnail string
	Sort                                          int
	Group                                         string
	Name, ProductType                             string
	StyleNumeric                                  int64
	Gender, Division, Pillar, Outsole, Upper      string
}

// DivisionGroup is the division group of a gender (the internal assortments' "gender"): boys and
// girls are Kids.
func DivisionGroup(gender string) string {
	switch gender {
	case "Boys", "Girls", "Kids":
		return "Kids"
	}
	return gender
}

// value is a style's value of a group-by or sort field.
func (s *GroupStyle) value(field string) string {
	switch field {
	case GroupByGender:
		return s.Gender
	case GroupByDivision:
		return s.Division
	case GroupByDivisionGroup:
		return DivisionGroup(s.Gender)
	case GroupByPillar:
		return s.Pillar
	case GroupByOutsole:
		return s.Outsole
	case GroupByUpper:
		return s.Upper
	case GroupByStyle:
		return s.Style
	}
	return ""
}

// buildGroupSort assembles the state from the stored groups (in order) and the rows (in the
// assortment's order): a style is in the group of its first row, a style's colours keep their
// order, and Uncategorized comes last with the styles of no (known) group.
func buildGroupSort(id, groupBy string, version int64, groups []storedGroup, rows []sortRow) *GroupSort {
	gs := &GroupSort{AssortmentID: id, GroupBy: groupBy, Version: version}
	byID := map[string]*DisplayGroup{}
	for i := range groups {
		g := &groups[i]
		dg := &DisplayGroup{ID: g.ID, Key: g.Key, Title: g.Title, OpenState: g.OpenState || g.AlwaysOpen, AlwaysOpen: g.AlwaysOpen, Locked: g.Locked, CustomContent: g.Content, Styles: []*GroupStyle{}, stored: g}
		gs.Groups = append(gs.Groups, dg)
		byID[g.ID] = dg
	}
	unc := uncategorized()
	gs.Groups = append(gs.Groups, unc)
	styles := map[string]*GroupStyle{}
	for _, r := range rows {
		thumb := r.Thumbnail
		if thumb == "" {
			thumb = products.ImagePath(r.Style, r.Color, "thumbnail")
		}
		c := &GroupColor{ID: r.ID, Color: r.Color, ColorDescription: r.ColorDescription, Thumbnail: thumb, sort: r.Sort, group: r.Group}
		if s := styles[r.Style]; s != nil {
			s.Colors = append(s.Colors, c)
			continue
		}
		s := &GroupStyle{Style: r.Style, Name: r.Name, ProductType: r.ProductType, StyleNumeric: r.StyleNumeric, OrigIndex: len(styles),
			Gender: r.Gender, Division: r.Division, Pillar: r.Pillar, Outsole: r.Outsole, Upper: r.Upper, Colors: []*GroupColor{c}}
		styles[r.Style] = s
		g := byID[r.Group]
		if g == nil {
			g = unc
		}
		g.Styles = append(g.Styles, s)
	}
	gs.reindex()
	return gs
}

func uncategorized() *DisplayGroup {
	return &DisplayGroup{ID: UncategorizedID, Title: "Uncategorized", OpenState: true, AlwaysOpen: true, Locked: true, Uncategorized: true, Styles: []*GroupStyle{}}
}

func (gs *GroupSort) reindex() {
	for i, g := range gs.Groups {
		g.Index = i
	}
}

func (gs *GroupSort) group(id string) (int, *DisplayGroup) {
	for i, g := range gs.Groups {
		if g.ID == id {
			return i, g
		}
	}
	return -1, nil
}

func (gs *GroupSort) style(style string) (*DisplayGroup, int) {
	for _, g := range gs.Groups {
		for i, s := range g.Styles {
			if s.Style == style {
				return g, i
			}
		}
	}
	return nil, -1
}

// GroupSortRequest is the body of PATCH /api/{orgType}/groupsort/batch/{id}: the version the
// client saw and its batches, applied in order, all or nothing.
type GroupSortRequest struct {
	Version *int64           `json:"version"`
	Batches []GroupSortBatch `json:"batches"`
}

// GroupSortBatch is one batch: a type and what it needs.
type GroupSortBatch struct {
	Type string `json:"type"`
	// groupBy: the field to group by (GroupByFields).
	GroupBy string `json:"groupBy,omitempty"`
	// moveDisplayGroup, moveStyle, moveColor: each move names the item and the item it must
	// precede (none: the end).
	Moves []GroupMove `json:"moves,omitempty"`
	// sortStyles: up to three keys, over one group (DisplayGroup) or all (empty).
	Keys []SortKey `json:"keys,omitempty"`
	// sortStyles (optional) and updateDisplayGroup: the group.
	DisplayGroup string `json:"displayGroup,omitempty"`
	// updateDisplayGroup: what changes.
	Title      *string `json:"title,omitempty"`
	OpenState  *bool   `json:"openState,omitempty"`
	AlwaysOpen *bool   `json:"alwaysOpen,omitempty"`
	Locked     *bool   `json:"locked,omitempty"`
	// CustomContent replaces the group's custom content (html sanitised, files checked by the
	// service before the batches apply); empty fields clear it.
	CustomContent *CustomContent `json:"customContent,omitempty"`
}

// GroupMove moves Item before Before (nil: to the end). A style move names its target group
// (DisplayGroup); a colour move names its style (Style) and stays in it.
type GroupMove struct {
	Item         string  `json:"item"`
	Before       *string `json:"before"`
	DisplayGroup string  `json:"displayGroup,omitempty"`
	Style        string  `json:"style,omitempty"`
}

// SortKey is one auto-sort key.
type SortKey struct {
	Field     string `json:"field"`
	Direction string `json:"direction"`
}

// MaxGroupTitle is the longest display group title.
const MaxGroupTitle = 120

// Messages of the group sort's refusals.
const (
	MsgGroupLocked      = "This group is locked and cannot be moved or renamed"
	MsgGroupSortStatic  = "Display groups sort the rows of a static assortment; a dynamic assortment follows its filters"
	MsgGroupSortInvalid = "The sort could not be applied"
)

// apply runs the batches on gs in order; the first refused one is a 400 naming it, and gs is
// then to be thrown away.
func (gs *GroupSort) apply(batches []GroupSortBatch) error {
	if len(batches) == 0 {
		return httpx.Invalid(httpx.FieldError{Field: "batches", Rule: "required", Message: "A group sort update needs at least one batch"})
	}
	for i, b := range batches {
		if err := gs.applyOne(b); err != nil {
			return httpx.Invalid(httpx.FieldError{Field: fmt.Sprintf("batches[%d]", i), Rule: b.Type, Message: err.Error()})
		}
	}
	gs.reindex()
	return nil
}

func (gs *GroupSort) applyOne(b GroupSortBatch) error {
	switch b.Type {
	case BatchGroupBy:
		if !slices.Contains(GroupByFields, b.GroupBy) {
			return fmt.Errorf("'%s' is not a group-by choice (%s)", b.GroupBy, strings.Join(GroupByFields, ", "))
		}
		gs.regroup(b.GroupBy)
	case BatchMoveDisplayGroup, BatchMoveStyle, BatchMoveColor:
		if len(b.Moves) == 0 {
			return fmt.Errorf("a %s batch needs moves", b.Type)
		}
		for j, m := range b.Moves {
			var err error
			switch b.Type {
			case BatchMoveDisplayGroup:
				err = gs.moveGroup(m)
			case BatchMoveStyle:
				err = gs.moveStyle(m)
			default:
				err = gs.moveColor(m)
			}
			if err != nil {
				return fmt.Errorf("move %d: %w", j, err)
			}
		}
	case BatchSortStyles:
		return gs.sortStyles(b.Keys, b.DisplayGroup)
	case BatchUpdateDisplayGroup:
		return gs.updateGroup(b)
	default:
		return fmt.Errorf("'%s' is not a group sort batch type", b.Type)
	}
	return nil
}

// regroup rebuilds the groups from field: one per value (by name), styles of no value in
// Uncategorized; the styles keep their order within each group.
func (gs *GroupSort) regroup(field string) {
	var all []*GroupStyle
	content := map[string]*CustomContent{} // a group built again on its key keeps its content
	for _, g := range gs.Groups {
		all = append(all, g.Styles...)
		if g.Key != "" && g.CustomContent != nil {
			content[g.Key] = g.CustomContent
		}
	}
	gs.GroupBy, gs.regrouped = field, true
	unc := uncategorized()
	byKey := map[string]*DisplayGroup{}
	var groups []*DisplayGroup
	for _, s := range all {
		k := ""
		if field != GroupByNone {
			k = strings.TrimSpace(s.value(field))
		}
		if k == "" {
			unc.Styles = append(unc.Styles, s)
			continue
		}
		g := byKey[k]
		if g == nil {
			g = &DisplayGroup{Key: k, Title: k, OpenState: true, CustomContent: content[k], Styles: []*GroupStyle{}}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.Styles = append(g.Styles, s)
	}
	slices.SortStableFunc(groups, func(a, b *DisplayGroup) int { return cmp.Compare(a.Key, b.Key) })
	for i, g := range groups {
		g.ID = fmt.Sprintf("new-%d", i) // replaced by the stored id
	}
	gs.Groups = append(groups, unc)
}

// moveBefore moves xs[from] before xs[to] (to == len(xs): to the end) and answers the slice.
func moveBefore[T any](xs []T, from, to int) []T {
	x := xs[from]
	xs = slices.Delete(xs, from, from+1)
	if to > from {
		to--
	}
	return slices.Insert(xs, to, x)
}

func (gs *GroupSort) moveGroup(m GroupMove) error {
	from, g := gs.group(m.Item)
	if g == nil {
		return fmt.Errorf("there is no group '%s'", m.Item)
	}
	if g.Locked {
		return fmt.Errorf("%s", MsgGroupLocked)
	}
	last := len(gs.Groups) - 1 // Uncategorized stays last
	to := last
	if m.Before != nil && *m.Before != UncategorizedID {
		if to, _ = gs.group(*m.Before); to < 0 {
			return fmt.Errorf("there is no group '%s'", *m.Before)
		}
	}
	if to == from {
		return fmt.Errorf("a group cannot move before itself")
	}
	gs.Groups = moveBefore(gs.Groups, from, to)
	return nil
}

func (gs *GroupSort) moveStyle(m GroupMove) error {
	if m.DisplayGroup == "" {
		return fmt.Errorf("a style move needs its displayGroup")
	}
	src, from := gs.style(m.Item)
	if src == nil {
		return fmt.Errorf("style %s is not in this assortment", m.Item)
	}
	_, dst := gs.group(m.DisplayGroup)
	if dst == nil {
		return fmt.Errorf("there is no group '%s'", m.DisplayGroup)
	}
	s := src.Styles[from]
	if m.Before != nil && *m.Before == m.Item {
		return fmt.Errorf("a style cannot move before itself")
	}
	src.Styles = slices.Delete(src.Styles, from, from+1)
	to := len(dst.Styles)
	if m.Before != nil {
		if to = slices.IndexFunc(dst.Styles, func(x *GroupStyle) bool { return x.Style == *m.Before }); to < 0 {
			src.Styles = slices.Insert(src.Styles, from, s)
			return fmt.Errorf("style %s is not in group '%s'", *m.Before, dst.Title)
		}
	}
	dst.Styles = slices.Insert(dst.Styles, to, s)
	return nil
}

func (gs *GroupSort) moveColor(m GroupMove) error {
	g, i := gs.style(m.Style)
	if g == nil {
		return fmt.Errorf("style %s is not in this assortment", m.Style)
	}
	s := g.Styles[i]
	idx := func(c string) int {
		return slices.IndexFunc(s.Colors, func(x *GroupColor) bool { return x.Color == c })
	}
	from := idx(m.Item)
	if from < 0 {
		return fmt.Errorf("colour %s is not a colour of style %s", m.Item, m.Style)
	}
	to := len(s.Colors)
	if m.Before != nil {
		if to = idx(*m.Before); to < 0 || to == from {
			return fmt.Errorf("colour %s is not another colour of style %s", *m.Before, m.Style)
		}
	}
	s.Colors = moveBefore(s.Colors, from, to)
	return nil
}

// sortStyles orders the styles of every group (or of one) by up to three keys: styleNumeric
// numerically, the others as text; equal styles keep their order (a stable sort).
func (gs *GroupSort) sortStyles(keys []SortKey, group string) error {
	if len(keys) == 0 || len(keys) > MaxSortKeys {
		return fmt.Errorf("an auto-sort takes 1 to %d keys", MaxSortKeys)
	}
	for _, k := range keys {
		if !slices.Contains(SortFields, k.Field) {
			return fmt.Errorf("'%s' is not a sort field (%s)", k.Field, strings.Join(SortFields, ", "))
		}
		if k.Direction != "" && k.Direction != "asc" && k.Direction != "desc" {
			return fmt.Errorf("a sort direction is asc or desc")
		}
	}
	cmpStyles := func(a, b *GroupStyle) int {
		for _, k := range keys {
			var c int
			if k.Field == SortStyleNumeric {
				c = cmp.Compare(a.StyleNumeric, b.StyleNumeric)
			} else {
				c = cmp.Compare(a.value(k.Field), b.value(k.Field))
			}
			if k.Direction == "desc" {
				c = -c
			}
			if c != 0 {
				return c
			}
		}
		return 0
	}
	for _, g := range gs.Groups {
		if group == "" || g.ID == group {
			slices.SortStableFunc(g.Styles, cmpStyles)
			if group != "" {
				return nil
			}
		}
	}
	if group != "" {
		return fmt.Errorf("there is no group '%s'", group)
	}
	return nil
}

func (gs *GroupSort) updateGroup(b GroupSortBatch) error {
	_, g := gs.group(b.DisplayGroup)
	if g == nil {
		return fmt.Errorf("there is no group '%s'", b.DisplayGroup)
	}
	if g.Uncategorized && (b.Title != nil || b.Locked != nil || b.AlwaysOpen != nil || b.OpenState != nil || b.CustomContent != nil) {
		//lint:ignore ST1005 Uncategorized is the group's name
		return fmt.Errorf("Uncategorized is locked and always open")
	}
	if b.Title != nil {
		t := strings.TrimSpace(*b.Title)
		switch {
		case g.Locked && (b.Locked == nil || *b.Locked):
			return fmt.Errorf("%s", MsgGroupLocked)
		case t == "" || len([]rune(t)) > MaxGroupTitle:
			return fmt.Errorf("a group title is 1 to %d characters", MaxGroupTitle)
		}
		g.Title = t
	}
	if b.Locked != nil {
		g.Locked = *b.Locked
	}
	if b.AlwaysOpen != nil {
		g.AlwaysOpen = *b.AlwaysOpen
	}
	if b.OpenState != nil {
		g.OpenState = *b.OpenState
	}
	if g.AlwaysOpen {
		g.OpenState = true
	}
	if b.CustomContent != nil {
		g.CustomContent, g.contentChanged = nil, true
		if !b.CustomContent.empty() {
			c := b.CustomContent.stored()
			g.CustomContent = &c
		}
	}
	return nil
}

// rowPlacement is where one row goes: its group ("" for Uncategorized) and sort position.
type rowPlacement struct {
	ID    string
	Group string
	Sort  int
}

// placements answers the rows whose group or sort position must change for the stored order to
// be the state's: groups in order, then styles, then colours. The positions already in order
// are kept (the longest run of increasing ones); the others take a value between their kept
// neighbours, or, with no room left, every row is numbered again with gaps.
func (gs *GroupSort) placements() []rowPlacement {
	var order []*GroupColor
	var groups []string
	for _, g := range gs.Groups {
		gid := g.ID
		if g.Uncategorized {
			gid = ""
		}
		for _, s := range g.Styles {
			for _, c := range s.Colors {
				order = append(order, c)
				groups = append(groups, gid)
			}
		}
	}
	sorts := make([]int, len(order))
	for i, c := range order {
		sorts[i] = c.sort
	}
	if !fillBetweenKept(sorts, increasingRun(sorts)) {
		for i := range sorts {
			sorts[i] = (i + 1) * sortGap
		}
	}
	var out []rowPlacement
	for i, c := range order {
		if sorts[i] != c.sort || groups[i] != c.group {
			out = append(out, rowPlacement{ID: c.ID, Group: groups[i], Sort: sorts[i]})
		}
	}
	return out
}

// sortGap is the distance between positions when rows are numbered again.
const sortGap = 1024

// increasingRun marks a longest strictly increasing subsequence of xs (O(n log n)).
func increasingRun(xs []int) []bool {
	tails, tailIdx := []int{}, []int{}
	prev := make([]int, len(xs))
	for i, x := range xs {
		j, _ := slices.BinarySearch(tails, x)
		if j == len(tails) {
			tails, tailIdx = append(tails, x), append(tailIdx, i)
		} else {
			tails[j], tailIdx[j] = x, i
		}
		prev[i] = -1
		if j > 0 {
			prev[i] = tailIdx[j-1]
		}
	}
	keep := make([]bool, len(xs))
	if len(tailIdx) > 0 {
		for i := tailIdx[len(tailIdx)-1]; i >= 0; i = prev[i] {
			keep[i] = true
		}
	}
	return keep
}

// fillBetweenKept gives each position not kept a value between its kept neighbours, evenly
// spread; false when some run does not fit.
func fillBetweenKept(xs []int, keep []bool) bool {
	i := 0
	for i < len(xs) {
		if keep[i] {
			i++
			continue
		}
		j := i
		for j < len(xs) && !keep[j] {
			j++
		}
		lo := 0
		if i > 0 {
			lo = xs[i-1]
		}
		n := j - i
		var hi int
		if j < len(xs) {
			hi = xs[j]
		} else {
			hi = lo + (n+1)*sortGap
		}
		if hi-lo <= n {
			return false
		}
		step := (hi - lo) / (n + 1)
		for k := 0; k < n; k++ {
			xs[i+k] = lo + step*(k+1)
		}
		i = j
	}
	return true
}
