package sampleinventory

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"its/core/registry"
)

// Demo samples: a few thousand Production and Sales rows of footwear, apparel and POP, the same
// on every machine (a fixed random seed and a fixed "today").

var seedToday = time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)

var (
	footwearColors = []string{"BLK", "WHT", "BLK/WHT", "NVY", "GRY", "BRN", "TAN", "WHT/NVY", "BLK/RED", "GRY/BLU", "OLV", "CHAR"}
	apparelColors  = []string{"BLK", "WHT", "NVY", "HTHGRY", "RED", "OLV", "ROYAL", "CHAR"}
	popColors      = []string{"MULTI", "CLR", "BLK", "WHT"}
	apparelSizes   = []string{"XS", "S", "M", "L", "XL", "XXL"}
	binLetters     = "ABCDEFGH"
	seedUsers      = []string{"coordinator", "seniorCoordinator", "editor", "seniorEditor"}
)

func footwearSizes() []string {
	var out []string
	for h := 8; h <= 26; h++ { // 4 to 13 in halves
		if h%2 == 0 {
			out = append(out, fmt.Sprint(h/2))
		} else {
			out = append(out, fmt.Sprintf("%d.5", h/2))
		}
	}
	return out
}

type seedUser struct {
	id   pgtype.UUID
	name string
	code string
}

type seedSample struct {
	id                                                    pgtype.UUID
	library, division, style, color, size, side, status   string
	gender, moldNum, bin, region, aisle, direction, level string
	shelf, newBin                                         string
	moldDate                                              *time.Time
	qty                                                   int32
	by                                                    seedUser
	at                                                    time.Time
}

func seedUUID(r *rand.Rand) pgtype.UUID {
	var b [16]byte
	for i := range b {
		b[i] = byte(r.UintN(256))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return pgtype.UUID{Bytes: b, Valid: true}
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// weighted status: most samples are on the shelf.
func seedStatus(r *rand.Rand) string {
	switch n := r.IntN(100); {
	case n < 70:
		return "Available"
	case n < 82:
		return "Checked Out"
	case n < 88:
		return "In Transit"
	case n < 93:
		return "On Hold"
	case n < 97:
		return "Damaged"
	default:
		return statusDeleted
	}
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	users := map[string]seedUser{}
	for _, role := range seedUsers {
		var u seedUser
		err := tx.QueryRow(ctx, `SELECT id, trim(name || ' ' || last_name), user_code FROM users WHERE email = lower($1)`, role+"@example.com").Scan(&u.id, &u.name, &u.code)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if err != nil {
			u.name = strings.ToUpper(role[:1]) + role[1:]
		}
		users[role] = u
	}
	samples := generate(users)
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"sample_inventory"},
		[]string{"id", "library", "division", "style", "color", "size", "side", "status", "gender", "mold_num", "mold_date", "bin",
			"total_qty", "on_hand_qty", "region", "aisle", "direction", "level", "shelf", "new_bin", "tracking_action",
			"created_by", "created_by_user", "created_at", "updated_by_user", "updated_at"},
		pgx.CopyFromSlice(len(samples), func(i int) ([]any, error) {
			s := samples[i]
			var by any
			if s.by.id.Valid {
				by = s.by.id
			}
			var mold any
			if s.moldDate != nil {
				mold = *s.moldDate
			}
			return []any{s.id, s.library, s.division, s.style, s.color, nullable(s.size), s.side, s.status, nullable(s.gender), nullable(s.moldNum), mold, nullable(s.bin),
				s.qty, s.qty, nullable(s.region), nullable(s.aisle), nullable(s.direction), nullable(s.level), nullable(s.shelf), nullable(s.newBin), lastAction(s),
				by, s.by.name, s.at, s.by.name, s.at}, nil
		}))
	if err != nil {
		return fmt.Errorf("sample inventory demo rows: %w", err)
	}
	var tracking [][]any
	for _, s := range samples {
		var by any
		if s.by.id.Valid {
			by = s.by.id
		}
		tracking = append(tracking, []any{s.id, s.library, actionCreated, fmt.Sprintf(`{"totalQty":{"from":null,"to":%d}}`, s.qty), "", by, s.by.name, s.by.code, s.at})
		if a := lastAction(s); a != actionCreated {
			tracking = append(tracking, []any{s.id, s.library, a, fmt.Sprintf(`{"status":{"from":"Available","to":%q}}`, s.status), "", by, s.by.name, s.by.code, s.at.Add(36 * time.Hour)})
		}
	}
	_, err = tx.CopyFrom(ctx, pgx.Identifier{"sample_inventory_tracking"},
		[]string{"sample_id", "library", "action", "changes", "note", "user_id", "user_name", "user_code", "at"}, pgx.CopyFromRows(tracking))
	if err != nil {
		return fmt.Errorf("sample inventory demo tracking: %w", err)
	}
	env.Log.Info("demo sample inventory loaded", "samples", len(samples), "tracking", len(tracking))
	return nil
}

func lastAction(s seedSample) string {
	switch s.status {
	case statusDeleted:
		return actionDeleted
	case "Available":
		return actionCreated
	}
	return actionUpdated
}

// generate makes the demo samples: styles per division, two or three colours each, a few
// sizes and sides, a Production bin or a Sales location, unique per library identity.
func generate(users map[string]seedUser) []seedSample {
	r := rand.New(rand.NewPCG(2026, 115))
	type styleDef struct {
		division, style, gender string
		colors                  []string
		molds                   bool
	}
	var styles []styleDef
	used := map[string]bool{}
	addStyles := func(division string, n, lo, hi int, genders []string, palette []string) {
		for len(styles) < cap(styles) && n > 0 {
			st := fmt.Sprint(lo + r.IntN(hi-lo))
			if used[st] {
				continue
			}
			used[st] = true
			n--
			colors := append([]string(nil), palette...)
			r.Shuffle(len(colors), func(i, j int) { colors[i], colors[j] = colors[j], colors[i] })
			styles = append(styles, styleDef{division: division, style: st, gender: pick(r, genders), colors: colors[:2+r.IntN(2)], molds: division == "Footwear"})
		}
	}
	styles = make([]styleDef, 0, 400)
	addStyles("Footwear", 190, 10000, 39999, []string{"Mens", "Womens", "Kids", "Unisex"}, footwearColors)
	addStyles("Apparel", 70, 40000, 49999, []string{"Mens", "Womens", "Unisex"}, apparelColors)
	addStyles("POP", 30, 90000, 99999, []string{"Unisex"}, popColors)
	sort.SliceStable(styles, func(i, j int) bool { return styles[i].style < styles[j].style })

	fwSizes := footwearSizes()
	seen := map[string]bool{}
	var out []seedSample
	for _, sd := range styles {
		for _, color := range sd.colors {
			moldNum := ""
			var moldDate *time.Time
			if sd.molds {
				moldNum = fmt.Sprintf("M%04d", 1000+r.IntN(9000))
				d := seedToday.AddDate(0, 0, -(60 + r.IntN(900))).Truncate(24 * time.Hour)
				moldDate = &d
			}
			var sizes []string
			switch sd.division {
			case "Footwear":
				start := r.IntN(len(fwSizes) - 5)
				for k := 0; k < 3+r.IntN(3); k++ {
					sizes = append(sizes, fwSizes[start+k])
				}
			case "Apparel":
				start := r.IntN(len(apparelSizes) - 2)
				sizes = apparelSizes[start : start+2+r.IntN(2)]
			default:
				sizes = []string{"OS"}
			}
			for _, size := range sizes {
				copies := 1
				if r.IntN(3) == 0 {
					copies = 2
				}
				for c := 0; c < copies; c++ {
					library := Production
					if r.IntN(3) == 0 {
						library = Sales
					}
					side := "Pair"
					if sd.division == "Footwear" && r.IntN(5) == 0 {
						side = pick(r, []string{"L", "R"})
					}
					s := seedSample{
						id: seedUUID(r), library: library, division: sd.division, style: sd.style, color: color, size: size,
						side: side, status: seedStatus(r), gender: sd.gender, moldNum: moldNum, moldDate: moldDate,
						bin: fmt.Sprintf("%c-%02d-%02d", binLetters[r.IntN(len(binLetters))], 1+r.IntN(12), 1+r.IntN(6)),
						qty: int32(1 + r.IntN(12)),
						by:  users[pick(r, seedUsers)],
						at:  seedToday.Add(-time.Duration(r.IntN(700*24)) * time.Hour),
					}
					if library == Sales {
						s.region = pick(r, Regions)
						s.aisle = fmt.Sprintf("%02d", 1+r.IntN(24))
						s.direction = pick(r, Directions)
						s.level = fmt.Sprint(1 + r.IntN(5))
						s.shelf = string(rune('A' + r.IntN(4)))
						if r.IntN(10) == 0 {
							s.newBin = fmt.Sprintf("S-%02d-%02d", 1+r.IntN(24), 1+r.IntN(5))
						}
					}
					mold := ""
					if s.moldDate != nil {
						mold = s.moldDate.Format("2006-01-02")
					}
					key := strings.Join([]string{s.library, s.style, s.color, s.size, s.side, s.status, s.moldNum, mold, s.bin, s.region, s.aisle, s.direction, s.level}, "|")
					if seen[key] {
						continue
					}
					seen[key] = true
					out = append(out, s)
				}
			}
		}
	}
	return out
}
