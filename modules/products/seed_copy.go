package products

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// copyBinary is a catalog piece in PostgreSQL's binary COPY format, one stream per catalog
// table: the rows productValues, detailValues and the location values give, written straight
// from the products instead of through a row of interface values per product and pgx's
// per-value encoding plans (TestBinaryCopyMatchesValues holds the bytes to pgx's encoding of
// those values). The generator goroutine writes it while the previous piece is copied.
type copyBinary struct{ products, details, locations, availability []byte }

// copyBinaryHeader opens a binary COPY stream: signature, flags, header extension length.
const copyBinaryHeader = "PGCOPY\n\377\r\n\000\000\000\000\000\000\000\000\000"

// PostgreSQL's element type of text[].
const textOID = 25

// y2k is where PostgreSQL's binary dates and timestamps count from.
var y2k = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// copyRow appends binary COPY fields to a stream.
type copyRow struct{ b []byte }

func (w *copyRow) start(fields int) { w.b = binary.BigEndian.AppendUint16(w.b, uint16(fields)) }
func (w *copyRow) null()            { w.b = binary.BigEndian.AppendUint32(w.b, math.MaxUint32) }

func (w *copyRow) text(s string) {
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(len(s)))
	w.b = append(w.b, s...)
}

func (w *copyRow) bytes(s []byte) {
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(len(s)))
	w.b = append(w.b, s...)
}

// jsonb is a jsonb value: its format version, then the JSON text.
func (w *copyRow) jsonb(s []byte) {
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(len(s)+1))
	w.b = append(w.b, 1)
	w.b = append(w.b, s...)
}

func (w *copyRow) int4(v int) {
	w.b = binary.BigEndian.AppendUint32(w.b, 4)
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(int32(v)))
}

func (w *copyRow) int4p(v *int) {
	if v == nil {
		w.null()
		return
	}
	w.int4(*v)
}

func (w *copyRow) int8(v int64) {
	w.b = binary.BigEndian.AppendUint32(w.b, 8)
	w.b = binary.BigEndian.AppendUint64(w.b, uint64(v))
}

func (w *copyRow) bool(v bool) {
	w.b = binary.BigEndian.AppendUint32(w.b, 1)
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

func (w *copyRow) numeric(v *float64) {
	if v == nil {
		w.null()
		return
	}
	at := len(w.b)
	w.b = appendNumericBinary(binary.BigEndian.AppendUint32(w.b, 0), *v)
	binary.BigEndian.PutUint32(w.b[at:], uint32(len(w.b)-at-4))
}

// date is a date: days since 2000-01-01 of d's calendar day.
func (w *copyRow) date(d *Date) {
	if d == nil {
		w.null()
		return
	}
	day := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	w.b = binary.BigEndian.AppendUint32(w.b, 4)
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(int32((day.Unix()-y2k.Unix())/86400)))
}

// timestamptz is a timestamptz: microseconds since 2000-01-01 UTC.
func (w *copyRow) timestamptz(t time.Time) {
	w.b = binary.BigEndian.AppendUint32(w.b, 8)
	w.b = binary.BigEndian.AppendUint64(w.b, uint64(t.Unix()*1000000+int64(t.Nanosecond())/1000-y2k.Unix()*1000000))
}

// textArray is a one-dimensional text[] (nil is written as empty, as orEmpty does).
func (w *copyRow) textArray(xs []string) {
	size := 20
	for _, x := range xs {
		size += 4 + len(x)
	}
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(size))
	w.b = binary.BigEndian.AppendUint32(w.b, 1) // dimensions
	w.b = binary.BigEndian.AppendUint32(w.b, 0) // no nulls
	w.b = binary.BigEndian.AppendUint32(w.b, textOID)
	w.b = binary.BigEndian.AppendUint32(w.b, uint32(len(xs)))
	w.b = binary.BigEndian.AppendUint32(w.b, 1) // lower bound
	for _, x := range xs {
		w.text(x)
	}
}

// encodeCatalog writes the piece's four COPY streams.
func encodeCatalog(catalog []Product) (*copyBinary, error) {
	var out copyBinary
	var err error
	if out.products, err = encodeProducts(catalog); err != nil {
		return nil, err
	}
	if out.details, err = encodeDetails(catalog); err != nil {
		return nil, err
	}
	out.locations, out.availability = encodeLocations(catalog)
	return &out, nil
}

// newStream starts a binary COPY stream of about perRow bytes a row.
func newStream(rows, perRow int) copyRow {
	w := copyRow{b: make([]byte, 0, perRow*rows)}
	w.b = append(w.b, copyBinaryHeader...)
	return w
}

// encodeProducts writes the products stream.
func encodeProducts(catalog []Product) ([]byte, error) {
	w := newStream(len(catalog), 800)
	var codes, lines []string
	for i := range catalog {
		p := &catalog[i]
		cat, err := json.Marshal(p.Categories)
		if err != nil {
			return nil, err
		}
		codes, lines = codes[:0], lines[:0]
		for _, l := range p.Locations {
			codes, lines = append(codes, l.Code), append(lines, l.Code+":"+l.LineStatus)
		}
		sort.Strings(codes)
		sort.Strings(lines)
		w.start(len(productColumns))
		w.text(p.ID)
		w.text(p.Style)
		w.text(p.Color)
		w.int8(p.StyleNumeric)
		w.text(p.Name)
		w.text(p.ProductType)
		w.textArray(p.Features)
		w.bool(p.Vegan)
		w.text(p.ColorDescription)
		w.text(p.Division)
		w.text(p.Gender)
		w.text(p.SizeScale)
		w.text(p.Outsole)
		w.text(p.Upper)
		w.textArray(p.SeasonCodes)
		w.text(p.Season)
		w.int4(p.Year)
		w.text(p.Region)
		w.text(p.Channel)
		w.numeric(p.FirstCost)
		w.numeric(p.Cost)
		w.numeric(p.DiscountPercent)
		w.numeric(p.DiscountAmount)
		w.numeric(p.SuggestedRetail)
		w.text(p.Label)
		w.int4(p.Quantity)
		w.int4(p.QuantityOnHand)
		w.int4(p.StyleQuantity)
		w.int4(p.StyleQuantityOnHand)
		w.numeric(p.ColorPercent)
		w.numeric(p.Percentage)
		w.text(p.PopCategory)
		w.text(p.PopType)
		w.text(p.PopGender)
		w.text(p.Usage)
		w.text(p.Pillar)
		w.text(p.LifeCycle)
		w.bool(p.FocusStyle)
		w.text(p.StoreType)
		w.bool(p.UsaDc)
		w.text(p.BoughtStatus)
		w.bool(p.NewColor)
		w.bool(p.Carryover)
		w.date(p.AvailabilityDate)
		w.bool(p.InSampleOrders)
		w.bool(p.InWholesaleOrders)
		w.jsonb(cat)
		w.textArray(codes)
		w.textArray(lines)
		w.timestamptz(p.CreatedDate)
		w.timestamptz(p.UpdatedDate)
		w.timestamptz(p.ModifiedDate)
	}
	return w.b, nil
}

// encodeDetails writes the product details stream.
func encodeDetails(catalog []Product) ([]byte, error) {
	w := newStream(len(catalog), 500)
	for i := range catalog {
		p := &catalog[i]
		ec, comp, err := detailJSON(p)
		if err != nil {
			return nil, err
		}
		w.start(len(detailColumns))
		w.text(p.ID)
		w.text(p.Description)
		w.text(p.NRF)
		w.text(p.BoxCategory)
		w.text(p.DutyCode)
		w.int4p(p.Units)
		w.numeric(p.Capacity)
		w.text(p.CapacityUnit)
		w.text(p.Dimensions)
		w.text(p.MetricDimensions)
		w.date(p.ExpirationDate)
		w.textArray(p.Relationships)
		w.text(p.Materials)
		w.text(p.StyleNote)
		w.text(p.ColorNote)
		w.text(p.CollectionStyleNote)
		w.text(p.CollectionColorNote)
		w.date(p.DueDate)
		w.int4(p.Samples)
		w.int4(p.RushSamples)
		w.jsonb(ec)
		w.jsonb(comp)
	}
	return w.b, nil
}

// encodeLocations writes the locations stream and the availability stream beside it.
func encodeLocations(catalog []Product) (locations, availability []byte) {
	w, a := newStream(len(catalog), 450), newStream(len(catalog), 1300)
	for i := range catalog {
		p := &catalog[i]
		division := strings.ToLower(p.Division)
		for j := range p.Locations {
			l := &p.Locations[j]
			w.start(len(locationColumns))
			w.text(p.ID)
			w.text(l.Code)
			w.text(l.LineStatus)
			w.text(l.SizeRange)
			w.numeric(l.WholesalePrice)
			w.numeric(l.OriginalCost)
			w.numeric(l.SuggestedRetail)
			w.date(l.StatusDate)
			w.date(l.LastProdDate)
			w.date(l.StyleLastProdDate)
			w.date(l.AddDate)
			w.date(l.FirstAvailDate)
			w.int4(l.TotalInventory)
			w.text(division)
			a.start(len(availabilityColumns))
			a.text(p.ID)
			a.text(l.Code)
			a.bytes(l.Availability)
		}
	}
	return w.b, a.b
}

// copyStatement is the COPY of table's cols from binary input.
func copyStatement(table string, cols []string) string {
	return fmt.Sprintf("COPY %s (%s) FROM STDIN BINARY", table, strings.Join(cols, ", "))
}

// copyEncoded copies the encoded piece into the four catalog tables on conn.
func copyEncoded(ctx context.Context, conn *pgconn.PgConn, piece *copyBinary) error {
	for _, c := range []struct {
		table string
		cols  []string
		data  []byte
	}{
		{"products", productColumns, piece.products},
		{"product_details", detailColumns, piece.details},
		{"product_locations", locationColumns, piece.locations},
		{"product_availability", availabilityColumns, piece.availability},
	} {
		if _, err := conn.CopyFrom(ctx, bytes.NewReader(c.data), copyStatement(c.table, c.cols)); err != nil {
			return fmt.Errorf("copy %s: %w", c.table, err)
		}
	}
	return nil
}
