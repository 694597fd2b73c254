package products

// PageSQL is the statement that finds the ids of q's block (limit rows after skip), as the
// product library's query runs it: along the order's index, or along the location's price index
// for a price sort (the priced products' part).
func PageSQL(q *Query, limit, skip int) (string, []any, error) {
	q.Skip = skip
	if b, ok := q.plainPage(limit); ok {
		return b.ToSql()
	}
	return q.pricedPage(limit, skip).ToSql()
}

// FiguresComputed counts the summaries and group counts s computed rather than kept.
func FiguresComputed(s *Service) int64 { return s.figures.computed.Load() }
