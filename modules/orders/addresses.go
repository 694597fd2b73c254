package orders

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"its/core/config"
	"its/core/httpx"
	"its/modules/orders/uszip"
)

// The shipper address calls of platform spec §7: a US ZIP code's city and state (USPS city/state
// lookup) and the confirmation of a ship-to address (UPS address validation). They answer from
// an AddressVerifier: the built-in one reads the ZIP code data set embedded in the binary
// (modules/orders/uszip); configuration (addresses.verifier: http) replaces it with a carrier
// adapter answering the same calls.

// AddressVerifier answers the city and state of a ZIP code and checks a ship-to address.
type AddressVerifier interface {
	// CityState answers the place of a five-digit ZIP code, or ErrNotFound.
	CityState(ctx context.Context, zip string) (*uszip.Place, error)
	// Confirm checks an address already read by readAddress.
	Confirm(ctx context.Context, a AddressInput) (*Confirmation, error)
}

// AddressInput is the body of POST shippers/ups/confirm: a US ship-to address.
type AddressInput struct {
	Address1 string `json:"address1"`
	Address2 string `json:"address2"`
	City     string `json:"city"`
	State    string `json:"state"`
	Zip      string `json:"zip"`
	Country  string `json:"country"`
}

// Confirmation is the answer of POST shippers/ups/confirm: whether the address holds as typed,
// the address with the ZIP code's city and state, and what did not match.
type Confirmation struct {
	Valid      bool               `json:"valid"`
	Candidates []AddressInput     `json:"candidates"`
	Problems   []httpx.FieldError `json:"problems"`
}

// maxAddressField is the longest text of one address field.
const maxAddressField = 100

// readAddress trims and checks a typed address: address1 and a US ZIP code are required, the
// state is a two-letter code when given, the country US (USA or empty are read as US).
func readAddress(a AddressInput) (AddressInput, []httpx.FieldError) {
	var bad []httpx.FieldError
	field := func(name, v string) string {
		v = strings.Join(strings.Fields(v), " ")
		if len(v) > maxAddressField || !utf8.ValidString(v) {
			bad = append(bad, httpx.FieldError{Field: name, Rule: "length", Message: fmt.Sprintf("%s must be at most %d characters", name, maxAddressField)})
			return ""
		}
		return v
	}
	out := AddressInput{Address1: field("address1", a.Address1), Address2: field("address2", a.Address2), City: field("city", a.City),
		State: strings.ToUpper(field("state", a.State)), Country: strings.ToUpper(field("country", a.Country))}
	if out.Address1 == "" && len(bad) == 0 {
		bad = append(bad, httpx.FieldError{Field: "address1", Rule: "required", Message: "Address is required"})
	}
	if out.State != "" && (len(out.State) != 2 || out.State[0] < 'A' || out.State[0] > 'Z' || out.State[1] < 'A' || out.State[1] > 'Z') {
		bad = append(bad, httpx.FieldError{Field: "state", Rule: "format", Message: fmt.Sprintf("Invalid state %q: use the two-letter code", out.State)})
	}
	switch out.Country {
	case "", "US", "USA":
		out.Country = "US"
	default:
		bad = append(bad, httpx.FieldError{Field: "country", Rule: "country", Message: "Only US addresses can be confirmed"})
	}
	zip, plus4, ok := uszip.Parse(a.Zip)
	switch {
	case strings.TrimSpace(a.Zip) == "":
		bad = append(bad, httpx.FieldError{Field: "zip", Rule: "required", Message: "ZIP code is required"})
	case !ok:
		bad = append(bad, httpx.FieldError{Field: "zip", Rule: "format", Message: "Invalid ZIP code: use 5 digits or ZIP+4"})
	case plus4 != "":
		out.Zip = zip + "-" + plus4
	default:
		out.Zip = zip
	}
	return out, bad
}

// cityKey compares city names as carriers write them: case, punctuation and spacing ignored, and
// the common abbreviations of a first word (St, Ft, Mt) read in full.
func cityKey(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '.' || r == ',' || r == '\'':
			return -1
		case r == '-':
			return ' '
		}
		return r
	}, strings.ToUpper(s))
	words := strings.Fields(s)
	if len(words) > 0 {
		if full, ok := map[string]string{"ST": "SAINT", "STE": "SAINTE", "FT": "FORT", "MT": "MOUNT"}[words[0]]; ok {
			words[0] = full
		}
	}
	return strings.Join(words, " ")
}

// zipVerifier is the built-in AddressVerifier: the embedded ZIP code data set.
type zipVerifier struct{ table *uszip.Table }

func (v zipVerifier) CityState(_ context.Context, zip string) (*uszip.Place, error) {
	p, ok := v.table.Lookup(zip)
	if !ok {
		return nil, ErrNotFound
	}
	return &p, nil
}

func (v zipVerifier) Confirm(_ context.Context, a AddressInput) (*Confirmation, error) {
	res := &Confirmation{Candidates: []AddressInput{}, Problems: []httpx.FieldError{}}
	p, ok := v.table.Lookup(a.Zip[:5])
	if !ok {
		res.Problems = append(res.Problems, httpx.FieldError{Field: "zip", Rule: "unknown", Message: fmt.Sprintf("Unknown ZIP code %s", a.Zip[:5])})
		return res, nil
	}
	if a.State != "" && a.State != p.State {
		res.Problems = append(res.Problems, httpx.FieldError{Field: "state", Rule: "zip", Message: fmt.Sprintf("ZIP code %s is in %s, not %s", p.Zip, p.State, a.State)})
	}
	if a.City != "" && cityKey(a.City) != cityKey(p.City) {
		res.Problems = append(res.Problems, httpx.FieldError{Field: "city", Rule: "zip", Message: fmt.Sprintf("ZIP code %s is %s, %s, not %s", p.Zip, p.City, p.State, a.City)})
	}
	res.Valid = len(res.Problems) == 0 && a.City != "" && a.State != ""
	c := a
	c.City, c.State = p.City, p.State
	res.Candidates = append(res.Candidates, c)
	return res, nil
}

// httpVerifier is a carrier adapter reached over HTTP: GET <url>/citystate/{zip} and POST
// <url>/confirm, answering {"data": ...} with the bodies above; 404 is an unknown ZIP code.
type httpVerifier struct {
	base   string
	client *http.Client
}

func (v httpVerifier) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(v.base, "/")+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := v.client.Do(req)
	if err != nil {
		return fmt.Errorf("address verifier: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return ErrNotFound
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("address verifier: %s %s answered %d", method, path, res.StatusCode)
	}
	env := struct {
		Data json.RawMessage `json:"data"`
	}{}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&env); err != nil {
		return fmt.Errorf("address verifier: %w", err)
	}
	return json.Unmarshal(env.Data, out)
}

func (v httpVerifier) CityState(ctx context.Context, zip string) (*uszip.Place, error) {
	var p uszip.Place
	if err := v.call(ctx, http.MethodGet, "/citystate/"+url.PathEscape(zip), nil, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

func (v httpVerifier) Confirm(ctx context.Context, a AddressInput) (*Confirmation, error) {
	var c Confirmation
	if err := v.call(ctx, http.MethodPost, "/confirm", a, &c); err != nil {
		return nil, err
	}
	if c.Candidates == nil {
		c.Candidates = []AddressInput{}
	}
	if c.Problems == nil {
		c.Problems = []httpx.FieldError{}
	}
	return &c, nil
}

// newAddressVerifier is the verifier the configuration names (addresses.verifier).
func newAddressVerifier(cfg *config.Config) (AddressVerifier, error) {
	if cfg.Addresses.Verifier == "http" {
		return httpVerifier{base: cfg.Addresses.URL, client: &http.Client{Timeout: cfg.Addresses.Timeout.Duration}}, nil
	}
	t, err := uszip.Load()
	if err != nil {
		return nil, err
	}
	return zipVerifier{table: t}, nil
}

// CityState answers the city and state of a typed ZIP code (ZIP+4 read as its ZIP).
func (s *Service) CityState(ctx context.Context, raw string) (*uszip.Place, error) {
	zip, _, ok := uszip.Parse(raw)
	if !ok {
		return nil, httpx.Invalid(httpx.FieldError{Field: "zip", Rule: "format", Message: "Invalid ZIP code: use 5 digits or ZIP+4"})
	}
	p, err := s.addresses.CityState(ctx, zip)
	if errors.Is(err, ErrNotFound) {
		return nil, httpx.NotFound("ZIP code " + zip)
	}
	return p, err
}

// ConfirmAddress checks a ship-to address against its ZIP code.
func (s *Service) ConfirmAddress(ctx context.Context, a AddressInput) (*Confirmation, error) {
	in, bad := readAddress(a)
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	return s.addresses.Confirm(ctx, in)
}
