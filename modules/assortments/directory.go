package assortments

import "context"

// Customer is an account the subtitle of an assortment can name.
type Customer struct {
	Label     string `json:"label"`
	Value     string `json:"value"`
	Name      string `json:"name"`
	Territory string `json:"territory"`
	Corporate bool   `json:"corporate"`
	City      string `json:"city"`
	Country   string `json:"country"`
}

// CustomerQuery is the query of GET /api/customers/official/text.
type CustomerQuery struct {
	Text          string
	Territory     string
	CorporateOnly bool
	LabelValue    bool
}

// Customers searches the customer list by account number, name or city; at most 10. With
// labelValue the label carries the account number too.
func (s *Service) Customers(ctx context.Context, q CustomerQuery) ([]Customer, error) {
	out, err := s.store.customers(ctx, s.db, q)
	if err != nil || !q.LabelValue {
		return out, err
	}
	for i := range out {
		out[i].Label = out[i].Name + " (" + out[i].Value + ")"
	}
	return out, nil
}
