package orders

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/grid"
	"its/core/httpx"
	"its/core/live"
	"its/core/registry"
	"its/modules/actions"
)

// The customer list is one list: admins keep it in a grid (its:admin:customers), the wholesale
// lookups read it, and so does the official customer search of the assortment dialogs.

// customerConstraints name, per constraint of order_customers, the cell to blame and the message.
var customerConstraints = grid.MapConstraints(map[string]grid.Constraint{
	"order_customers_pkey":         {Field: "customerId", Message: "This customer id already exists"},
	"order_customers_id_check":     {Field: "customerId", Message: "Customer Id must be capital letters, digits and '-' (at most 20)"},
	"order_customers_account_key":  {Field: "account", Message: "This account number already belongs to a customer"},
	"order_customers_name_check":   {Field: "name", Message: "Name cannot be blank"},
	"order_customers_region_check": {Field: "region", Message: "Region must be US or EU"},
})

// customersGrid declares the grid; the currency options are the currencies of the moment.
func (s *Service) customersGrid(ctx context.Context) (*grid.Grid, error) {
	currencies, err := s.store.CurrencyCodes(ctx)
	if err != nil {
		return nil, err
	}
	if len(currencies) == 0 {
		currencies = []string{""}
	}
	id := grid.TextColumn("customerId", "Customer Id", "id", false, 120)
	id.Edit, id.Validators = grid.NewRows, []string{"noSpaces"}
	return grid.New(grid.Grid{
		Name: "referenceData.customers", Table: "order_customers", IDColumn: "row_id",
		Columns: []grid.Column{
			id,
			grid.TextColumn("account", "Account", "account", true, 120),
			grid.TextColumn("name", "Name", "name", true, 240),
			{Field: "region", Header: "Region", Type: grid.List, Column: "region", Edit: grid.Always, Required: true, Validators: []string{"list", "nonClearable"}, Options: []string{"US", "EU"}, Width: 90},
			grid.TextColumn("country", "Country", "country", true, 90),
			{Field: "currency", Header: "Currency", Type: grid.List, Column: "currency", Edit: grid.Always, Required: true, Validators: []string{"list", "nonClearable"}, Options: currencies, Width: 100},
			grid.TextColumn("terms", "Terms", "terms", false, 100),
			grid.TextColumn("territory", "Territory", "territory", false, 130),
			{Field: "official", Header: "Official", Type: grid.Boolean, Column: "official", Edit: grid.Always, Width: 100},
			{Field: "corporate", Header: "Corporate", Type: grid.Boolean, Column: "corporate", Edit: grid.Always, Width: 110},
			grid.TextColumn("email", "Email", "email", false, 240),
			grid.TextColumn("address1", "Address 1", "address1", false, 200),
			grid.TextColumn("address2", "Address 2", "address2", false, 140),
			grid.TextColumn("city", "City", "city", false, 140),
			grid.TextColumn("state", "State", "state", false, 80),
			grid.TextColumn("zip", "Zip", "zip", false, 100),
			grid.TextColumn("repNumber", "Rep Number", "rep_number", false, 110),
		},
		DefaultSort: []grid.Sort{{Field: "name"}},
		MaxBatch:    1000,
	})
}

// checkCustomers refuses, inside the write, a term that is not one of the customer's region and
// country (the country's own terms where it has any, else the region's), naming the ones it may
// have.
func (s *Service) checkCustomers(ctx context.Context, tx pgx.Tx, p *grid.Plan) error {
	byID := map[string]*grid.Change{}
	var ids []string
	for _, c := range p.Changes {
		if c.Op == grid.OpDelete {
			continue
		}
		id := c.Row.ID()
		byID[id] = c
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil
	}
	bad, err := s.store.CustomersWithForeignTerms(ctx, tx, ids)
	if err != nil {
		return err
	}
	var errs []grid.CellError
	for _, b := range bad {
		c := byID[b.RowID]
		msg := fmt.Sprintf("'%s' is not a term of %s %s", b.Term, b.Region, b.Country)
		if len(b.Allowed) > 0 {
			msg += ": " + strings.Join(b.Allowed, ", ")
		}
		errs = append(errs, grid.CellError{Op: c.Op, Index: c.Index, ID: c.ID, TempID: c.TempID, Field: "terms", Rule: "terms", Message: msg})
	}
	if len(errs) > 0 {
		return grid.Invalid(errs)
	}
	return nil
}

func (s *Service) customersTable() *grid.Table {
	return live.OnTable(&grid.Table{Build: s.customersGrid, Check: s.checkCustomers, MapError: customerConstraints,
		AuditAction: actions.AdminCustomers, ModelType: "Customer", FileName: "customers", Key: []string{"customerId"}, DB: s.db, Log: s.log},
		CustomersTopic)
}

// CustomersTopic is the live topic of the customers grid (/api/admin/data/customers).
const CustomersTopic = TopicCustomers + ":" + TopicCustomersKey

// customersTopic lets a user follow the customers grid exactly when its routes let them read
// it (its:admin:customers; otherwise a 404). Every row and field of it is theirs to read.
func customersTopic(az *authz.Engine) live.Topic {
	return live.ActionTopic(TopicCustomers, "Topic", az, live.Fixed(map[string]string{TopicCustomersKey: actions.AdminCustomers}))
}

// OfficialCustomer is an account the subtitle of an assortment can name.
type OfficialCustomer struct {
	Label     string `json:"label"`
	Value     string `json:"value"`
	Name      string `json:"name"`
	Territory string `json:"territory"`
	Corporate bool   `json:"corporate"`
	City      string `json:"city"`
	Country   string `json:"country"`
}

// OfficialQuery is the query of GET /api/customers/official/text.
type OfficialQuery struct {
	Text          string
	Territory     string
	CorporateOnly bool
	LabelValue    bool
}

// OfficialCustomers searches the official customers by account number, name or city; at most
// 10. With labelValue the label carries the account number too.
func (s *Service) OfficialCustomers(ctx context.Context, q OfficialQuery) ([]OfficialCustomer, error) {
	out, err := s.store.OfficialCustomers(ctx, q)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Label = out[i].Name
		if q.LabelValue {
			out[i].Label = out[i].Name + " (" + out[i].Value + ")"
		}
	}
	return out, nil
}

func (h *Handler) officialCustomers(r *http.Request) ([]OfficialCustomer, error) {
	q := r.URL.Query()
	flag := func(name string) bool { b, _ := strconv.ParseBool(q.Get(name)); return b }
	return h.svc.OfficialCustomers(r.Context(), OfficialQuery{Text: q.Get("text"), Territory: q.Get("territory"),
		CorporateOnly: flag("corporateOnly"), LabelValue: flag("labelValue")})
}

// customerRoutes mounts the customers grid and the official customer search.
func (h *Handler) customerRoutes(r registry.Router) {
	h.svc.customersTable().Mount(r, "/api/admin/data/customers", actions.AdminCustomers, registry.AuditDenied())
	r.Handle("GET", "/api/customers/official/text", actions.AssortmentsView, httpx.Get(h.officialCustomers))
}
