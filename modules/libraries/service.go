package libraries

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/imaging"
	"its/core/jobs"
	"its/core/pdf"
	"its/core/registry"
	"its/core/storage"
	"its/core/uploads"
	"its/modules/actions"
)

// Service holds the libraries' rules.
type Service struct {
	db    *pgxpool.Pool
	store *Store
	blobs storage.Store
	az    *authz.Engine
	queue *jobs.Queue
	cfg   *config.Config
	log   *slog.Logger
	prev  Previewer
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB     *pgxpool.Pool
	Store  *Store
	Blobs  storage.Store
	Authz  *authz.Engine
	Queue  *jobs.Queue
	Config *config.Config
	Log    *slog.Logger
	PDF    *pdf.Renderer
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	dec := imaging.NewDecoder(p.Config.Images.MaxPixels, p.Config.Images.DecodeBudgetPixels)
	return &Service{db: p.DB, store: p.Store, blobs: p.Blobs, az: p.Authz, queue: p.Queue, cfg: p.Config, log: p.Log,
		prev: previewers{imagePreviewer{dec}, pdfPreviewer{r: p.PDF, dec: dec}}}
}

func invalid(field, rule, msg string) error {
	return httpx.Invalid(httpx.FieldError{Field: field, Rule: rule, Message: msg})
}

// checkIDs refuses anything but asset ids (UUIDs) before they reach SQL.
func checkIDs(field string, ids []string) error {
	for i, id := range ids {
		if !httpx.IsUUID(id) {
			return invalid(fmt.Sprintf("%s[%d]", field, i), "format", field+" holds asset ids")
		}
	}
	return nil
}

func checkLibraryType(lt, field string) error {
	if lt == "" {
		return invalid(field, "required", field+" is required")
	}
	if !slices.Contains(LibraryTypes, lt) {
		return invalid(field, "oneOf", field+" must be one of "+strings.Join(LibraryTypes, ", "))
	}
	return nil
}

// sign fills the files' URLs (thumbnail, preview, source) for the browser.
func (s *Service) sign(ctx context.Context, assets []*Asset) error {
	ttl := s.cfg.Storage.URLTTL.Duration
	for _, a := range assets {
		for i := range a.Files {
			f := &a.Files[i]
			src, err := s.blobs.SignedGetURL(ctx, f.key, f.Filename, ttl)
			if err != nil {
				return err
			}
			f.SourceFile = src
			if f.thumbKey != "" {
				t, err := s.blobs.SignedGetURL(ctx, f.thumbKey, "", ttl)
				if err != nil {
					return err
				}
				f.Thumbnail, f.PreviewJpg = t, t
			}
			if f.ContentType == "application/pdf" {
				f.PreviewPdf = src
			}
		}
	}
	return nil
}

// ListParams are GET /api/assets's query.
type ListParams struct {
	LibraryType string
	Status      string
	Filters     map[string][]string
	Search      string
	Limit       int
	Offset      int
}

// List answers a library's assets: browsing (no status, or Published) is for viewers and is
// always limited to Published; other statuses are the manage pages, for editors (the route
// asks: manageStatuses).
func (s *Service) List(ctx context.Context, p ListParams) ([]*Asset, int, error) {
	if err := checkLibraryType(p.LibraryType, "libraryType"); err != nil {
		return nil, 0, err
	}
	status := p.Status
	if status == "" {
		status = Published
	}
	if !slices.Contains(Statuses, status) {
		return nil, 0, invalid("status", "oneOf", "status must be one of Pending, Published, Unpublished, Deleted")
	}
	allowed := filterFields[p.LibraryType]
	for k := range p.Filters {
		if !slices.Contains(allowed, k) {
			return nil, 0, invalid(k, "filter", fmt.Sprintf("%s is not a filter of %s (filters: %s)", k, p.LibraryType, strings.Join(allowed, ", ")))
		}
	}
	if p.Limit <= 0 {
		p.Limit = 100
	}
	if p.Limit > 500 {
		return nil, 0, invalid("limit", "max", "limit is at most 500")
	}
	if p.Offset < 0 {
		return nil, 0, invalid("offset", "min", "offset must not be negative")
	}
	assets, total, err := s.store.List(ctx, s.db, ListQuery{
		LibraryType: p.LibraryType, Statuses: []string{status}, Filters: p.Filters, Search: p.Search,
		Limit: p.Limit, Offset: p.Offset, UserID: identity.FromContext(ctx).ID,
	})
	if err != nil {
		return nil, 0, err
	}
	return assets, total, s.sign(ctx, assets)
}

// BatchRequest is PATCH /api/assets/{manageType}/batch/many.
type BatchRequest struct {
	IDs    []string       `json:"_ids"`
	Status string         `json:"status,omitempty"`
	Set    map[string]any `json:"set,omitempty"`
}

// Batch moves assets between statuses and/or sets fields on all of them, in one transaction:
// publishing checks each asset's validity, and required fields cannot be cleared. Assets moved
// to Deleted lose their comment threads.
func (s *Service) Batch(ctx context.Context, manageType string, req BatchRequest) ([]*Asset, error) {
	if err := checkLibraryType(manageType, "manageType"); err != nil {
		return nil, err
	}
	if len(req.IDs) == 0 {
		return nil, invalid("_ids", "required", "_ids is required")
	}
	if len(req.IDs) > 1000 {
		return nil, invalid("_ids", "max", "at most 1000 assets per batch")
	}
	if err := checkIDs("_ids", req.IDs); err != nil {
		return nil, err
	}
	if req.Status == "" && len(req.Set) == 0 {
		return nil, invalid("status", "required", "Error. Your request was empty. Nothing has been submitted. Please try again.")
	}
	if req.Status != "" && !slices.Contains(Statuses, req.Status) {
		return nil, invalid("status", "oneOf", "status must be one of Pending, Published, Unpublished, Deleted")
	}
	set := map[string]any{}
	for field, v := range req.Set {
		col, ok := column(field)
		if !ok {
			return nil, invalid(field, "unknown", field+" cannot be edited")
		}
		var str string
		switch t := v.(type) {
		case nil:
		case string:
			str = strings.TrimSpace(t)
		default:
			return nil, invalid(field, "type", field+" must be a string")
		}
		if str == "" && slices.Contains(requiredFields[manageType], field) {
			return nil, invalid(field, "notClearable", field+" cannot be cleared")
		}
		if isDateField(field) {
			if str == "" {
				set[col] = nil
				continue
			}
			d, err := time.Parse(time.DateOnly, str)
			if err != nil {
				return nil, invalid(field, "date", field+" must be a date YYYY-MM-DD")
			}
			set[col] = d
			continue
		}
		set[col] = str
	}
	var out []*Asset
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		assets, err := s.store.Get(ctx, tx, req.IDs, true)
		if err != nil {
			return err
		}
		if len(assets) != len(uniq(req.IDs)) {
			return httpx.NotFound("Asset")
		}
		for _, a := range assets {
			if a.LibraryType != manageType {
				return invalid("_ids", "libraryType", fmt.Sprintf("asset %s is not a %s", a.ID, manageType))
			}
			for field, v := range req.Set {
				if str, _ := v.(string); true {
					a.Fields[field] = strings.TrimSpace(str)
				}
			}
			status := a.Status
			if req.Status != "" {
				status = req.Status
			}
			if status == Published {
				if missing := missingForPublish(a); len(missing) > 0 {
					return &httpx.Error{Status: 400, Code: "ITS_ERR_VALIDATION", Message: publishMessage(a, missing),
						Details: []httpx.FieldError{{Field: strings.Join(missing, ","), Rule: "publish", Message: publishMessage(a, missing)}}}
				}
			}
			cols := map[string]any{}
			for k, v := range set {
				cols[k] = v
			}
			if req.Status != "" {
				cols["status"] = req.Status
			}
			if err := s.store.Update(ctx, tx, a.ID, cols); err != nil {
				return err
			}
		}
		out, err = s.store.Get(ctx, tx, req.IDs, false)
		if err != nil {
			return err
		}
		fields := slices.Collect(maps.Keys(req.Set))
		if req.Status != "" {
			fields = append(fields, "status")
		}
		return publishAssets(ctx, tx, manageType, req.IDs, fields, false)
	})
	if err != nil {
		return nil, err
	}
	return out, s.sign(ctx, out)
}

func uniq(ids []string) []string {
	c := slices.Clone(ids)
	slices.Sort(c)
	return slices.Compact(c)
}

// CheckFilename answers the asset already holding filename, "" when none.
func (s *Service) CheckFilename(ctx context.Context, manageType, filename string) (string, error) {
	if err := checkLibraryType(manageType, "manageType"); err != nil {
		return "", err
	}
	if strings.TrimSpace(filename) == "" {
		return "", invalid("filename", "required", "A filename is required")
	}
	clean, err := storage.SanitizeFilename(filename)
	if err != nil {
		return "", invalid("filename", "format", "The filename cannot name a folder")
	}
	return s.store.FileByName(ctx, s.db, clean)
}

// SignedRequest is POST /api/assets/{libraryType}: the assets whose file URLs to sign.
type SignedRequest struct {
	IDs       []string `json:"_ids"`
	UsageType string   `json:"usageType,omitempty"`
}

// Signed answers the assets with signed file URLs; viewers get only Published assets.
func (s *Service) Signed(ctx context.Context, libraryType string, req SignedRequest) ([]*Asset, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return nil, err
	}
	if len(req.IDs) == 0 || len(req.IDs) > 500 {
		return nil, invalid("_ids", "required", "_ids must hold 1 to 500 ids")
	}
	if err := checkIDs("_ids", req.IDs); err != nil {
		return nil, err
	}
	if req.UsageType != "" && req.UsageType != Primary && req.UsageType != WorkingFile {
		return nil, invalid("usageType", "oneOf", "usageType must be Primary or Working File")
	}
	statuses := []string{Published}
	if registry.Require(ctx, s.az, actions.LibrariesManage, map[string]any{"libraryType": libraryType}) == nil {
		statuses = Statuses
	}
	assets, _, err := s.store.List(ctx, s.db, ListQuery{LibraryType: libraryType, Statuses: statuses, IDs: req.IDs, Limit: 500})
	if err != nil {
		return nil, err
	}
	if req.UsageType != "" {
		for _, a := range assets {
			a.Files = slices.DeleteFunc(a.Files, func(f File) bool { return f.UsageType != req.UsageType })
		}
	}
	return assets, s.sign(ctx, assets)
}

// visible keeps the assets the caller may see: Published ones of a library they may view, any
// of a library they manage. An id naming another must be answered like a nonexistent one, or
// the answer tells that an unpublished asset exists.
func (s *Service) visible(ctx context.Context, assets []*Asset) []*Asset {
	return slices.DeleteFunc(assets, func(a *Asset) bool {
		res := map[string]any{"libraryType": a.LibraryType}
		if registry.Require(ctx, s.az, actions.LibrariesManage, res) == nil {
			return false
		}
		return a.Status != Published || registry.Require(ctx, s.az, actions.LibrariesView, res) != nil
	})
}

// Flag records a user flag ('Seen') on an asset the user may view.
func (s *Service) Flag(ctx context.Context, flag, modelType, modelID string) error {
	if flag != "Seen" {
		return invalid("flag", "oneOf", "flag must be Seen")
	}
	if modelType != "Asset" {
		return invalid("modelType", "oneOf", "modelType must be Asset")
	}
	if err := checkIDs("modelId", []string{modelID}); err != nil {
		return err
	}
	assets, err := s.store.Get(ctx, s.db, []string{modelID}, false)
	if err != nil {
		return err
	}
	if len(s.visible(ctx, assets)) == 0 {
		return httpx.NotFound("Asset")
	}
	return s.store.addFlag(ctx, identity.FromContext(ctx).ID, modelType, modelID, flag)
}

// StatEvent is POST /api/stats.
type StatEvent struct {
	Action     string          `json:"action"`
	ModelType  string          `json:"modelType,omitempty"`
	ModelID    string          `json:"modelId,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
	Assortment string          `json:"assortment,omitempty"`
}

// Stat records a statistics event.
func (s *Service) Stat(ctx context.Context, e StatEvent) error {
	if strings.TrimSpace(e.Action) == "" || len(e.Action) > 100 {
		return invalid("action", "required", "action is required (at most 100 characters)")
	}
	if len(e.ModelType) > 100 || len(e.ModelID) > 200 || len(e.Assortment) > 200 {
		return invalid("modelId", "max", "modelType, modelId and assortment are too long")
	}
	data := e.Data
	if len(data) == 0 || string(data) == "null" {
		data = json.RawMessage("{}")
	}
	if len(data) > 16<<10 {
		return invalid("data", "max", "data is larger than 16 KiB")
	}
	return s.store.addStat(ctx, identity.FromContext(ctx).ID, e, data)
}

// UploadUsage is the usage type of a file uploaded into a library.
const UploadUsage = "libraryAsset"

// uploadExts are the files a library takes: images and the design, document and video formats.
var uploadExts = append(slices.Clone(uploads.Images), ".svg", ".pdf", ".psd", ".ai", ".eps", ".indd", ".mp4", ".mov", ".zip", ".docx", ".xlsx", ".pptx")

// uploadUsage plugs library asset uploads into the upload flow: the editor of the named library
// may upload its file types under uploads/{libraryType}/; duplicates are refused at create, and a
// completed upload becomes a Pending asset with its Primary file, in the same transaction, with a
// thumbnail job queued.
func (s *Service) uploadUsage() uploads.Usage {
	return uploads.Usage{
		Type:       UploadUsage,
		Extensions: uploadExts,
		Params:     []string{"libraryType"},
		Check: func(r *uploads.Request) error {
			lt := r.Params["libraryType"]
			if lt == "" {
				return uploads.Field("libraryType", "required", "libraryType is required for library asset uploads")
			}
			if !slices.Contains(LibraryTypes, lt) {
				return uploads.Field("libraryType", "oneOf", "libraryType must be one of "+strings.Join(LibraryTypes, ", "))
			}
			return nil
		},
		Action: func(r *uploads.Request) (string, map[string]any) {
			return actions.LibrariesManage, map[string]any{"libraryType": r.Params["libraryType"]}
		},
		Key: func(r *uploads.Request, fn string) (string, error) {
			return storage.Key("uploads", r.Params["libraryType"], fn)
		},
		Validate: func(ctx context.Context, u *uploads.Upload) error {
			id, err := s.store.FileByName(ctx, s.db, u.Filename)
			if err != nil {
				return err
			}
			if id != "" {
				return &httpx.Error{Status: 409, Code: "ITS_ERR_CONFLICT", Message: "Another asset already has the filename " + u.Filename,
					Details: map[string]any{"errorType": "duplicateFilename", "asset": map[string]string{"_id": id}}}
			}
			return nil
		},
		Completed: func(ctx context.Context, tx pgx.Tx, u *uploads.Upload) (any, error) {
			name := strings.TrimSuffix(u.DisplayName, pathExt(u.DisplayName))
			assetID, fileID, err := s.store.addUploaded(ctx, tx, u, name)
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "23505" {
				return nil, httpx.Conflict("Another asset already has the filename "+u.Filename, map[string]string{"errorType": "duplicateFilename"})
			}
			if err != nil {
				return nil, err
			}
			if _, err := s.queue.Enqueue(ctx, tx, PreviewArgs{FileID: fileID}, jobs.Spec{Title: "preview " + u.Filename, MaxAttempts: 3}); err != nil {
				return nil, err
			}
			// The new asset appears in the library's open manage grids.
			if err := publishAssets(ctx, tx, u.Params["libraryType"], []string{assetID}, nil, true); err != nil {
				return nil, err
			}
			return map[string]any{"asset": map[string]string{"_id": assetID}, "file": map[string]string{"_id": fileID}}, nil
		},
	}
}

func pathExt(name string) string {
	if i := strings.LastIndex(name, "."); i > 0 {
		return name[i:]
	}
	return ""
}
