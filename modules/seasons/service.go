package seasons

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/imaging"
	"its/core/jobs"
	"its/core/live"
	"its/core/storage"
	"its/modules/assortments"
)

// Service holds the seasons' rules.
type Service struct {
	db    *pgxpool.Pool
	store *Store
	blobs storage.Store
	queue *jobs.Queue
	cfg   *config.Config
	log   *slog.Logger
	dec   *imaging.Decoder
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB     *pgxpool.Pool
	Store  *Store
	Blobs  storage.Store
	Queue  *jobs.Queue
	Config *config.Config
	Log    *slog.Logger
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, blobs: p.Blobs, queue: p.Queue, cfg: p.Config, log: p.Log,
		dec: imaging.NewDecoder(p.Config.Images.MaxPixels, p.Config.Images.DecodeBudgetPixels)}
}

func invalid(field, rule, msg string) error {
	return httpx.Invalid(httpx.FieldError{Field: field, Rule: rule, Message: msg})
}

// oneOf answers v spelled as in values (compared case-insensitively), or records a field error.
func oneOf(field, v string, values []string, bad *[]httpx.FieldError) string {
	for _, ok := range values {
		if strings.EqualFold(strings.TrimSpace(v), ok) {
			return ok
		}
	}
	*bad = append(*bad, httpx.FieldError{Field: field, Rule: "oneOf", Message: fmt.Sprintf("%s must be one of %s", field, strings.Join(values, ", "))})
	return ""
}

var errNotFound = httpx.NotFound("Season")

// List answers the seasons of a channel.
func (s *Service) List(ctx context.Context, req ListRequest) ([]*Season, error) {
	var f Filter
	if !strings.EqualFold(req.Channel, "all") {
		var bad []httpx.FieldError
		if f.Channel = oneOf("channel", req.Channel, Channels, &bad); len(bad) > 0 {
			return nil, httpx.Invalid(bad...)
		}
	}
	year := req.Year
	if req.Sub != "" {
		if st := slices.IndexFunc(States, func(v string) bool { return strings.EqualFold(v, req.Sub) }); st >= 0 {
			f.State = States[st]
		} else {
			year = req.Sub
		}
	}
	if year != "" {
		y, err := strconv.Atoi(year)
		if err != nil || y < 2000 || y > 2100 {
			return nil, invalid("subRoute", "oneOf", "subRoute is a state (live, preparation, archived) or a year between 2000 and 2100")
		}
		f.Year = y
	}
	list, err := s.store.List(ctx, s.db, f)
	if err != nil {
		return nil, err
	}
	return list, s.sign(ctx, list...)
}

// Get answers one season.
func (s *Service) Get(ctx context.Context, id string) (*Season, error) {
	if !httpx.IsUUID(id) {
		return nil, errNotFound
	}
	one, err := s.store.Get(ctx, s.db, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	return one, s.sign(ctx, one)
}

// sign gives the browser links to the covers.
func (s *Service) sign(ctx context.Context, list ...*Season) error {
	ttl := s.cfg.Storage.URLTTL.Duration
	for _, x := range list {
		var err error
		if x.SourceFile != "" {
			if x.SourceURL, err = s.blobs.SignedGetURL(ctx, x.SourceFile, "", ttl); err != nil {
				return err
			}
		}
		if x.PreviewJpg != "" {
			if x.PreviewURL, err = s.blobs.SignedGetURL(ctx, x.PreviewJpg, "", ttl); err != nil {
				return err
			}
		}
	}
	return nil
}

// SetInput is a season set of a create or change; _id keeps an existing set.
type SetInput = SeasonSet

// maxSets bounds a season's sets.
const maxSets = 50

// checkSets validates season sets: a short name unique in the season, a product type, region,
// organisation type and method of their lists.
func checkSets(in []SetInput, known map[string]bool, bad *[]httpx.FieldError) []SeasonSet {
	if len(in) > maxSets {
		*bad = append(*bad, httpx.FieldError{Field: "seasonSets", Rule: "max", Message: fmt.Sprintf("A season has at most %d season sets", maxSets)})
		return nil
	}
	out := make([]SeasonSet, 0, len(in))
	names := map[string]bool{}
	for i, x := range in {
		f := func(name string) string { return fmt.Sprintf("seasonSets[%d].%s", i, name) }
		name := strings.TrimSpace(x.ShortName)
		switch {
		case name == "":
			*bad = append(*bad, httpx.FieldError{Field: f("shortName"), Rule: "required", Message: "A season set needs a short name"})
		case len([]rune(name)) > 40:
			*bad = append(*bad, httpx.FieldError{Field: f("shortName"), Rule: "max", Message: "A short name has at most 40 characters"})
		case names[strings.ToLower(name)]:
			*bad = append(*bad, httpx.FieldError{Field: f("shortName"), Rule: "unique", Message: "Another season set of this season is called " + name})
		}
		names[strings.ToLower(name)] = true
		if x.ID != "" && !known[x.ID] {
			*bad = append(*bad, httpx.FieldError{Field: f("_id"), Rule: "exists", Message: "No season set " + x.ID + " in this season"})
		}
		out = append(out, SeasonSet{
			ID:          x.ID,
			ShortName:   name,
			ProductType: oneOf(f("productType"), or(x.ProductType, assortments.ProductTypeAll), assortments.ProductTypes, bad),
			Region:      oneOf(f("region"), x.Region, assortments.Regions, bad),
			OrgType:     oneOf(f("orgType"), or(x.OrgType, OrgTypeInternal), OrgTypes, bad),
			Method:      oneOf(f("method"), or(x.Method, assortments.MethodStatic), assortments.Methods, bad),
		})
	}
	return out
}

func or(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return v
}

// CreateRequest is the body of POST /api/assortmentSeasons.
type CreateRequest struct {
	Season     string     `json:"season"`
	Year       int        `json:"year"`
	Channel    string     `json:"channel"`
	State      string     `json:"state"`
	SeasonSets []SetInput `json:"seasonSets"`
}

// Create adds a season in Preparation (or the state asked), with a cover already uploaded to
// its folder if there is one.
func (s *Service) Create(ctx context.Context, req CreateRequest) (*Season, error) {
	var bad []httpx.FieldError
	n := &Season{
		Season:  oneOf("season", req.Season, Seasons, &bad),
		Year:    req.Year,
		Channel: oneOf("channel", req.Channel, Channels, &bad),
		State:   oneOf("state", or(req.State, StatePreparation), States, &bad),
	}
	if req.Year < 2000 || req.Year > 2100 {
		bad = append(bad, httpx.FieldError{Field: "year", Rule: "range", Message: "year must be between 2000 and 2100"})
	}
	for i := range req.SeasonSets {
		if req.SeasonSets[i].ID != "" {
			bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("seasonSets[%d]._id", i), Rule: "new", Message: "A new season's sets have no ids yet"})
		}
	}
	n.SeasonSets = checkSets(req.SeasonSets, nil, &bad)
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	dir := folder(n.Year, n.Season, n.Channel)
	if key, _ := storage.Key(append(dir, coverFile)...); s.exists(ctx, key) {
		n.SourceFile = key
		if prev, _ := storage.Key(append(dir, previewFile)...); s.exists(ctx, prev) {
			n.PreviewJpg = prev
		}
	}
	var id string
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		if id, err = s.store.Insert(ctx, tx, n); err != nil {
			return err
		}
		return publish(ctx, tx, id, live.OpAdd)
	})
	if errors.Is(err, errDuplicate) {
		return nil, httpx.Conflict(fmt.Sprintf("The season %s %d of %s already exists.", n.Season, n.Year, n.Channel), map[string]string{"errorType": "duplicateSeason"})
	}
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

func (s *Service) exists(ctx context.Context, key string) bool {
	_, err := s.blobs.Stat(ctx, key)
	return err == nil
}

// PatchRequest is the body of PATCH /api/assortmentSeasons/{id}: the sets as they should be.
// The season, year and channel name the cover's folder and do not change.
type PatchRequest struct {
	Version    *int       `json:"version"`
	SeasonSets []SetInput `json:"seasonSets"`
}

// Patch replaces a season's sets; a stale version is refused.
func (s *Service) Patch(ctx context.Context, id string, req PatchRequest) (*Season, error) {
	if !httpx.IsUUID(id) {
		return nil, errNotFound
	}
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		v, err := s.store.Lock(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return errNotFound
		}
		if err != nil {
			return err
		}
		if req.Version != nil && *req.Version != v {
			return httpx.Conflict("This season was changed by someone else. Reload it and try again.", map[string]any{"errorType": "version", "version": v})
		}
		known, err := s.store.SetIDs(ctx, tx, id)
		if err != nil {
			return err
		}
		var bad []httpx.FieldError
		sets := checkSets(req.SeasonSets, known, &bad)
		if len(bad) > 0 {
			return httpx.Invalid(bad...)
		}
		if err := s.store.replaceSets(ctx, tx, id, sets); err != nil {
			return err
		}
		if err := s.store.Touch(ctx, tx, id); err != nil {
			return err
		}
		return publish(ctx, tx, id, live.OpUpdate, "seasonSets")
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// SetState puts a season in a state (Live, Preparation, Archived) with one of its season sets.
func (s *Service) SetState(ctx context.Context, seasonID, setID, state string) (*Season, error) {
	if !httpx.IsUUID(seasonID) {
		return nil, errNotFound
	}
	var bad []httpx.FieldError
	state = oneOf("state", state, States, &bad)
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := s.store.Lock(ctx, tx, seasonID); errors.Is(err, pgx.ErrNoRows) {
			return errNotFound
		} else if err != nil {
			return err
		}
		known, err := s.store.SetIDs(ctx, tx, seasonID)
		if err != nil {
			return err
		}
		if !known[setID] {
			return httpx.NotFound("Season set")
		}
		if err := s.store.SetState(ctx, tx, seasonID, state, setID); err != nil {
			return err
		}
		return publish(ctx, tx, seasonID, live.OpUpdate, "state", "seasonSetId")
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, seasonID)
}

// Delete removes a season and then its cover files.
func (s *Service) Delete(ctx context.Context, id string) error {
	if !httpx.IsUUID(id) {
		return errNotFound
	}
	var year int
	var season, channel string
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		year, season, channel, err = s.store.Delete(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return errNotFound
		}
		if err != nil {
			return err
		}
		return publish(ctx, tx, id, live.OpDelete)
	})
	if err != nil {
		return err
	}
	for _, name := range []string{coverFile, previewFile} {
		if key, err := storage.Key(append(folder(year, season, channel), name)...); err == nil {
			if err := s.blobs.Delete(ctx, key); err != nil {
				s.log.WarnContext(ctx, "season cover not removed", "key", key, "err", err)
			}
		}
	}
	return nil
}
